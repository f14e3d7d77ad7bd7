// `npm run bench:review` (issue 31, step 1): the whole path of one review, from the CRM webhook's POST
// until the job queue is idle again, in CPU time of every process that takes part, and the time until
// the review reaches a TV's event stream.
//
//   pg:       instances A and B on one fresh PostgreSQL database. The reviews are posted to A; the TV's
//             stream is open on B, so the review crosses instances through NOTIFY. CPU: A, B (all their
//             threads) and the PostgreSQL backends of the bench's database.
//   embedded: one instance on a fresh DATA_DIR; the TV's stream on it. The embedded engine (PGlite) runs
//             inside the product process, so its CPU is the process's.
//
// The workspace, set up through the product's own API (on A): registered (a Team trial), 5 teams, 10
// staff members, the requests logged one by one through POST /api/review-requests (no SMTP: each is
// kept "not sent" in the outbox, as a server without SMTP keeps them), 8 of their review links opened
// (about as many clicks as fall inside the matcher's 2-hour window in bench:ingest's workspace), a
// Slack alert to a local receiver that answers 200 "ok" as Slack does, an outbound webhook endpoint
// (every event) to a local receiver answering 200, and a kiosk link for the TV. The customers' names
// come from the matching labelled set (tests/fixtures/matching/labelled-set.json), as in bench:ingest.
// Then, as a running server would have by then: on PostgreSQL the database is vacuumed and analyzed
// (autovacuum's work; it is off on the test server this was written on), and on the embedded database
// the bench waits for the product's own maintenance pass (every 60 s) to have seen the new requests.
//
// Each review is a HighLevel delivery (`{reviewId, reviewerName, rating: 5, reviewText, createdAt}`)
// naming the customer of one open request whose full name no other request has, so the whole matched
// path runs: stored and auto-matched, announced live (B reloads its dashboard snapshot for the TV),
// the milestones, alerts and webhooks consumers, the Slack post and the webhook deliveries. One review
// at a time; each is done when
//   - the TV's stream has the reviewAdded event naming the reviewer (its time after the POST is the
//     latency reported),
//   - the webhook receiver has review.created and review.matched naming the reviewer and the Slack
//     receiver one more post,
//   - (PostgreSQL) no pg-boss job is created, retry or active (pgboss.job, read on a connection of its
//     own whose backend is not counted),
//   - and every counted process has been quiet for 50 ms (under 0.3 ms of CPU, no thread runnable):
//     on the embedded database the queue cannot be read from outside the process, so this is how its
//     last jobs' completion is waited for (the run checks afterwards, in the stopped server's folder,
//     that no job was left).
// The next review's POST follows at once, so the measured windows are back to back and their sum is
// everything the processes spent from the first POST to the last idle: work that spills from one
// review into the next window is still counted, once.
//
// CPU is read from /proc as run time in nanoseconds (/proc/<pid>/task/<tid>/schedstat, every thread of
// a process), finer than the 10 ms clock ticks of /proc/<pid>/stat (those are printed too, over the
// whole run, as a check). PostgreSQL backends are found in pg_stat_activity (datname = the bench's
// database), read again at each review's end so that connections opened meanwhile are counted from
// their start; a backend that ended within a window loses that window's part (counted and printed).
// The server's shared processes (checkpointer, background writer, WAL writer, ...) work for every
// database on the server: printed beside the figures, never in the total. The bench's own CPU (the
// receivers, the TV's stream, the monitoring) is in none of them.
//
// Options (arguments win over the environment):
//   --reviews N    BENCH_REVIEWS    measured reviews, after the warm-up (default 200)
//   --warmup N     BENCH_WARMUP     reviews before the measured ones (default 20)
//   --requests N   BENCH_REQUESTS   open requests in the workspace (default 2000)
//   --mode M       BENCH_MODE       pg | embedded | both (default both)
//   --idle S       BENCH_IDLE       seconds of idle CPU measured before the reviews (default 10)
//   --profile                       start the product with --cpu-prof (the CPU figures then include the
//                                   profiler's cost); the profiles' folder is printed at the end
//   --log-statements                pg mode: PostgreSQL logs every statement of the bench's database with
//                                   its duration (log_min_duration_statement = 0 on the database; the
//                                   figures then include the logging); where to read them is printed
//   --timeout S    BENCH_TIMEOUT    the whole run is stopped after S seconds (default 1800)
// pg mode connects to TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) to create
// and drop a database of its own; it only runs against a PostgreSQL on this machine (its processes are
// read from /proc).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request as httpRequest, type Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { matchReview, RequestIndex } from '#domain/reviews/matching/matcher.ts';
import { ALERT_EVENTS, WEBHOOK_EVENTS } from '#shared/event-names.ts';
import { firstNameAndInitial } from '#shared/wallboard-rules.ts';
import { Client, newWorkspace } from '../tests/helpers/client.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import { startCommand } from './lib/start-flags.ts';
import { benchCleanup, intOption, loadAverage } from './lib/bench-run.ts';

type Mode = 'pg' | 'embedded';

// ---- options ----------------------------------------------------------------------------------

const { values: args } = parseArgs({
  options: {
    reviews: { type: 'string' },
    warmup: { type: 'string' },
    requests: { type: 'string' },
    mode: { type: 'string' },
    idle: { type: 'string' },
    profile: { type: 'boolean' },
    'log-statements': { type: 'boolean' },
    timeout: { type: 'string' },
  },
});

const REVIEWS = intOption('reviews', args.reviews, process.env.BENCH_REVIEWS, 200, 1);
const WARMUP = intOption('warmup', args.warmup, process.env.BENCH_WARMUP, 20, 0);
const REQUESTS = intOption('requests', args.requests, process.env.BENCH_REQUESTS, 2000, 1);
const IDLE_S = intOption('idle', args.idle, process.env.BENCH_IDLE, 10, 0);
const TIMEOUT_S = intOption('timeout', args.timeout, process.env.BENCH_TIMEOUT, 1800, 10);
const PROFILE = args.profile === true;
const LOG_STATEMENTS = args['log-statements'] === true;
const MODE_ARG = args.mode ?? process.env.BENCH_MODE ?? 'both';
if (!['pg', 'embedded', 'both'].includes(MODE_ARG)) {
  console.error(`--mode must be pg, embedded or both (got "${MODE_ARG}")`);
  process.exit(2);
}
const MODES: Mode[] = MODE_ARG === 'both' ? ['pg', 'embedded'] : [MODE_ARG as Mode];

const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const ROOT = new URL('..', import.meta.url).pathname;
/** How long one review may take to be done before it is counted as incomplete and the next one goes. */
const REVIEW_TIMEOUT_MS = 15_000;
/** Quiet: the counted processes used less than QUIET_NS of CPU over QUIET_MS, and no thread of theirs is runnable. */
const QUIET_MS = 50;
const QUIET_NS = 300_000;
const POLL_MS = 5;
/** The embedded database's maintenance pass runs every 60 s (src/platform/db/pglite-maintenance.ts). */
const MAINTENANCE_WAIT_MS = 62_000;
/** Review links opened: bench:ingest's 1 in 7 requests clicked over 3 days puts about 8 in the matcher's 2-hour window. */
const CLICKS = 8;
const REQUEST_CONCURRENCY = 4;
const TEAMS = [
  ['Front Desk', '#10B981'],
  ['Advisors', '#3B82F6'],
  ['Tax Team', '#F59E0B'],
  ['Payroll', '#EF4444'],
  ['Bookkeeping', '#8B5CF6'],
] as const;
const STAFF = ['Alex', 'Blair', 'Casey', 'Dana', 'Eli', 'Frankie', 'Gray', 'Harper', 'Indy', 'Jules'];

// ---- clean-up on every way out -------------------------------------------------------------------

const { cleanups, drain } = benchCleanup(TIMEOUT_S);

// ---- small helpers -----------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nowMs = () => performance.now();

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const fmt = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');

// ---- CPU from /proc ------------------------------------------------------------------------------

interface ProcessCpu {
  /** Run time of its live threads, ns (schedstat). */
  runNs: number;
  /** utime + stime of the process (every thread, ended ones too), in 10 ms ticks. */
  ticks: number;
  /** A thread of it is running or waiting for a CPU. */
  runnable: boolean;
}

function readProcess(pid: number): ProcessCpu | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    let runNs = 0;
    let runnable = false;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        runNs += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
        const taskStat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        if (taskStat[taskStat.lastIndexOf(')') + 2] === 'R') runnable = true;
      } catch {
        // the thread ended meanwhile
      }
    }
    return { runNs, ticks, runnable };
  } catch {
    return null; // the process ended
  }
}

/** The processes counted, by group; a group's CPU is the sum of its processes'. */
type Groups = Record<string, number[]>;
type Reading = Map<number, ProcessCpu>;

function readAll(groups: Groups): Reading {
  const reading: Reading = new Map();
  for (const pids of Object.values(groups)) {
    for (const pid of pids) {
      const cpu = readProcess(pid);
      if (cpu) reading.set(pid, cpu);
    }
  }
  return reading;
}

/** Each group's run time between two readings, ns: a process new in `after` counts from zero, one gone from `after` is lost (counted in `ended`). */
function deltas(groups: Groups, before: Reading, after: Reading): { ns: Record<string, number>; ticks: Record<string, number>; ended: number } {
  const ns: Record<string, number> = {};
  const ticks: Record<string, number> = {};
  let ended = 0;
  for (const [group, pids] of Object.entries(groups)) {
    ns[group] = 0;
    ticks[group] = 0;
    for (const pid of pids) {
      const b = before.get(pid);
      const a = after.get(pid);
      if (!a) {
        if (b) ended++;
        continue;
      }
      ns[group]! += a.runNs - (b?.runNs ?? 0);
      ticks[group]! += a.ticks - (b?.ticks ?? 0);
    }
  }
  return { ns, ticks, ended };
}

const sumNs = (reading: Reading, pids: number[]) => pids.reduce((total, pid) => total + (reading.get(pid)?.runNs ?? 0), 0);

/** Waits until the counted processes have been quiet for QUIET_MS; false when they were not within `timeoutMs`. */
async function quiet(pids: number[], timeoutMs: number): Promise<boolean> {
  const deadline = nowMs() + timeoutMs;
  let since = nowMs();
  let from = sumNs(readAll({ all: pids }), pids);
  while (nowMs() < deadline) {
    await sleep(POLL_MS);
    const current = readAll({ all: pids });
    const ns = sumNs(current, pids);
    if (ns - from >= QUIET_NS || [...current.values()].some((cpu) => cpu.runnable)) {
      since = nowMs();
      from = ns;
    } else if (nowMs() - since >= QUIET_MS) {
      return true;
    }
  }
  return false;
}

// ---- the product's processes ---------------------------------------------------------------------

interface Product {
  name: string;
  url: string;
  child: ChildProcess;
  /** The last 64 KB of its output, and how many log lines were warnings or errors. */
  tail(): string;
  problems(): number;
  stop(): Promise<void>;
}

/** `node main.ts` as `npm start` runs it (its flags and variables; not the tests' --liftoff-only). */
async function startProduct(name: string, env: Record<string, string>, profileDir: string | null): Promise<Product> {
  const port = await freePort();
  const start = startCommand();
  const flags = [...start.flags, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}-\${pid}.cpuprofile`] : [])];
  const child = spawn(process.execPath, [...flags, 'main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...start.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  let problems = 0;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    for (const match of text.matchAll(/"level":(\d+)/g)) if (Number(match[1]) >= 40) problems++;
    tail = (tail + text).slice(-65_536);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const product: Product = {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    tail: () => tail,
    problems: () => problems,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      if (!(await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]))) {
        console.error(`Instance ${name} did not stop within 15 s of SIGTERM: killing it.`);
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
  cleanups.push(() => product.stop());
  const deadline = nowMs() + 120_000;
  while (nowMs() < deadline) {
    if (child.exitCode !== null) throw new Error(`Instance ${name} exited before it was ready:\n${tail}`);
    try {
      if ((await fetch(`${product.url}/api/auth/status`, { signal: AbortSignal.timeout(2000) })).ok) return product;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`Instance ${name} was not ready within 120 s:\n${tail}`);
}

// ---- the local receivers: Slack and a webhook endpoint ---------------------------------------------

interface Receiver {
  url: string;
  posts: { at: number; body: string }[];
}

async function startReceiver(answer: string): Promise<Receiver> {
  const posts: Receiver['posts'] = [];
  const server: HttpServer = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      posts.push({ at: nowMs(), body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  cleanups.push(() => server.closeAllConnections());
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, posts };
}

// ---- the TV's event stream ---------------------------------------------------------------------------

interface Tv {
  /** When the last reviewAdded event naming each reviewer (as the TV names them: "Sarah K.") arrived. */
  arrivals: Map<string, number>;
  /** Events received, by name. */
  events: Map<string, number>;
  ready: Promise<void>;
  close(): void;
}

/** A kiosk screen's stream, opened with the headers Chromium's EventSource sends; reads each event's name and reviewer. */
function openTv(baseUrl: string, token: string): Tv {
  const arrivals = new Map<string, number>();
  const events = new Map<string, number>();
  let markReady = () => {};
  let failReady = (_error: Error) => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  const req = httpRequest(`${baseUrl}/api/kiosk/${token}/events`, {
    agent: false,
    headers: {
      accept: 'text/event-stream',
      'cache-control': 'no-cache',
      'accept-encoding': 'gzip, deflate, br, zstd',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
    },
  });
  req.on('response', (res) => {
    if (res.statusCode !== 200) {
      failReady(new Error(`The TV's stream answered ${res.statusCode}`));
      return;
    }
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      const at = nowMs();
      buffer += chunk;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const name = /^event: (.*)$/m.exec(block)?.[1];
        if (!name) continue;
        events.set(name, (events.get(name) ?? 0) + 1);
        if (name === 'data_update') markReady();
        if (name !== 'reviewAdded') continue;
        const data = /^data: (.*)$/m.exec(block)?.[1];
        const reviewer = data ? (JSON.parse(data) as { review?: { reviewerName?: string } }).review?.reviewerName : undefined;
        if (reviewer) arrivals.set(reviewer, at);
      }
    });
    res.on('error', () => {});
  });
  req.on('error', (error) => failReady(error));
  req.end();
  return { arrivals, events, ready, close: () => req.destroy() };
}

// ---- the workspace --------------------------------------------------------------------------------

interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

const labelled = JSON.parse(readFileSync(new URL('../tests/fixtures/matching/labelled-set.json', import.meta.url), 'utf8')) as {
  scenarios: { requests: Person[] }[];
};
const people = labelled.scenarios.flatMap((s) => s.requests);

/** The requests' customers (bench:ingest's: the labelled set's people, repeated with new emails past its end). */
const customers: Person[] = Array.from({ length: REQUESTS }, (_, i) => {
  const person = people[i % people.length]!;
  return { firstName: person.firstName, lastName: person.lastName, email: `${i}.${person.email}` };
});
const fullName = (p: Person) => `${p.firstName} ${p.lastName}`;
const nameCounts = new Map<string, number>();
for (const c of customers) nameCounts.set(fullName(c).toLowerCase(), (nameCounts.get(fullName(c).toLowerCase()) ?? 0) + 1);
/**
 * The reviewers: customers whose full name no other request has and whose review the product's matcher
 * places on their own request by itself (asked here, in this process, against all the requests), spread
 * over the list. A review it would leave for an admin raises no review.matched: no alert, fewer jobs.
 */
const index = new RequestIndex(customers.map((c, i) => ({ id: i, ...c, createdAt: new Date(), clickedAt: null })));
const reviewers = customers.filter((c, i) => {
  if (nameCounts.get(fullName(c).toLowerCase()) !== 1) return false;
  const verdict = matchReview({ reviewerName: fullName(c), createTime: new Date() }, index);
  return verdict.status === 'auto_matched' && verdict.requestId === i;
});
if (reviewers.length < WARMUP + REVIEWS) {
  console.error(`Only ${reviewers.length} requests have a name of their own: --reviews plus --warmup must not exceed it (or give more --requests).`);
  process.exit(2);
}
const stride = Math.max(1, Math.floor(reviewers.length / (WARMUP + REVIEWS)));
const reviewerAt = (k: number) => reviewers[(k * stride) % reviewers.length]!;

interface Workspace {
  crmUrl: string;
  kioskToken: string;
  client: Client;
}

async function expectStatus(label: string, res: { status: number; text: string }, status: number) {
  if (res.status !== status) throw new Error(`${label} answered ${res.status}: ${res.text.slice(0, 500)}`);
}

async function setUpWorkspace(a: Product, slack: Receiver, webhook: Receiver, mode: Mode): Promise<Workspace> {
  const client = new Client(a.url, { origin: a.url });
  const registration = newWorkspace({ slug: `bench-review-${mode}-${process.pid}` });
  await expectStatus('POST /api/register', await client.post('/api/register', registration), 201);
  await expectStatus('POST /api/auth/admin', await client.post('/api/auth/admin', { password: registration.adminPassword }), 200);
  const teamIds: number[] = [];
  for (const [name, color] of TEAMS) {
    const res = await client.post('/api/teams', { name, color });
    await expectStatus('POST /api/teams', res, 201);
    teamIds.push(Number(res.json.id ?? res.json.team?.id));
  }
  const template = await client.post('/api/email-templates', {
    name: 'Thank you',
    subject: 'How did we do, {{firstName}}?',
    htmlContent: '<p>Hi {{firstName}}, thank you for choosing {{companyName}}. Would you leave us a review?</p>',
  });
  await expectStatus('POST /api/email-templates', template, 201);
  const templateId = Number(template.json.id);

  const started = nowMs();
  const links: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: REQUEST_CONCURRENCY }, async () => {
      while (next < customers.length) {
        const i = next++;
        const customer = customers[i]!;
        const staff = STAFF[i % STAFF.length]!;
        const res = await client.post('/api/review-requests', {
          staffFirstName: staff,
          staffEmail: `${staff.toLowerCase()}@acme.example`,
          teamId: teamIds[(i % STAFF.length) % teamIds.length],
          email: customer.email,
          firstName: customer.firstName,
          lastName: customer.lastName,
          templateId,
        });
        await expectStatus('POST /api/review-requests', res, 201);
        if (i % Math.floor(customers.length / CLICKS) === 0 && links.length < CLICKS) links.push(String(res.json.request.reviewLink));
      }
    }),
  );
  console.log(`  ${customers.length} requests logged through POST /api/review-requests in ${((nowMs() - started) / 1000).toFixed(1)} s`);
  for (const link of links) {
    const token = link.split('/r/')[1]!;
    const res = await fetch(`${a.url}/api/review-link/${token}/open`, { method: 'POST' });
    if (res.status !== 204) throw new Error(`Opening a review link answered ${res.status}`);
  }

  await expectStatus(
    'PUT /api/admin/alerts',
    await client.request('PUT', '/api/admin/alerts', { slackWebhookUrl: `${slack.url}/services/T000/B000/bench`, events: [...ALERT_EVENTS] }),
    200,
  );
  await expectStatus(
    'POST /api/admin/webhooks',
    await client.post('/api/admin/webhooks', { url: `${webhook.url}/hooks/reviews`, events: [...WEBHOOK_EVENTS] }),
    201,
  );
  const kiosk = await client.post('/api/admin/kiosk-links', { label: 'Bench TV' });
  await expectStatus('POST /api/admin/kiosk-links', kiosk, 201);
  const crm = await client.get('/api/admin/crm-webhook');
  await expectStatus('GET /api/admin/crm-webhook', crm, 200);
  return {
    crmUrl: `${a.url}/api/webhooks/crm/${String(crm.json.url).split('/api/webhooks/crm/')[1]}`,
    kioskToken: String(kiosk.json.url).split('/wall/')[1]!,
    client,
  };
}

// ---- one run ------------------------------------------------------------------------------------

interface Sample {
  latencyMs: number;
  postMs: number;
  windowMs: number;
  ns: Record<string, number>;
  complete: boolean;
  notes: string[];
}

interface Result {
  mode: Mode;
  samples: Sample[];
  groups: string[];
  totalNs: Record<string, number>;
  totalTicks: Record<string, number>;
  idleNsPerS: Record<string, number>;
  sharedNs: number;
  ended: number;
  events: Record<string, number>;
  slackPosts: number;
  webhookPosts: Record<string, number>;
  jobs: string;
  dbStats: string;
  problems: string;
  loadBefore: string;
  loadAfter: string;
  profiles: string | null;
}

async function run(mode: Mode): Promise<Result> {
  const runCleanups = cleanups.length;
  const profileDir = PROFILE ? mkdtempSync(join(tmpdir(), `rc-bench-review-profiles-${mode}-`)) : null;
  const slack = await startReceiver('ok');
  const webhook = await startReceiver('');
  const common = { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' };
  let a: Product;
  let b: Product;
  let dataDir = '';
  let monitor: postgres.Sql | null = null;
  let admin: postgres.Sql | null = null;
  let databaseName = '';
  try {
    if (mode === 'pg') {
      const adminUrl = new URL(ADMIN_DATABASE_URL);
      if (!LOOPBACK.has(adminUrl.hostname))
        throw new Error(`pg mode reads the PostgreSQL server's processes from /proc: TEST_DATABASE_URL must be local, not ${adminUrl.hostname}`);
      databaseName = `rc_bench_review_${randomBytes(4).toString('hex')}`;
      admin = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} });
      const adminSql = admin;
      cleanups.push(() => adminSql.end({ timeout: 5 }));
      await admin.unsafe(`CREATE DATABASE ${databaseName}`);
      cleanups.push(() => adminSql.unsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
      if (LOG_STATEMENTS) await admin.unsafe(`ALTER DATABASE ${databaseName} SET log_min_duration_statement = 0`);
      const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${databaseName}` }).href;
      const env = { ...common, DATABASE_URL: databaseUrl, APP_SECRET: randomBytes(24).toString('hex') };
      a = await startProduct('A', env, profileDir);
      b = await startProduct('B', env, profileDir);
      monitor = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      const monitorSql = monitor;
      cleanups.push(() => monitorSql.end({ timeout: 5 }));
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'rc-bench-review-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      a = b = await startProduct('A', { ...common, DATA_DIR: dataDir, DATABASE_URL: '' }, profileDir);
    }

    const workspace = await setUpWorkspace(a, slack, webhook, mode);
    const monitorPid = monitor ? Number((await monitor`SELECT pg_backend_pid() AS pid`)[0]!.pid) : 0;
    if (monitor) {
      await monitor.unsafe('VACUUM (ANALYZE)');
    } else {
      console.log(`  waiting ${MAINTENANCE_WAIT_MS / 1000} s for the embedded database's maintenance pass to see the new requests...`);
      await sleep(MAINTENANCE_WAIT_MS);
    }

    const backends = async (): Promise<number[]> =>
      admin ? (await admin`SELECT pid FROM pg_stat_activity WHERE datname = ${databaseName} AND pid <> ${monitorPid}`).map((row) => Number(row.pid)) : [];
    const shared = admin ? (await admin`SELECT pid FROM pg_stat_activity WHERE datname IS NULL`).map((row) => Number(row.pid)) : [];
    const groupsNow = async (): Promise<Groups> =>
      mode === 'pg' ? { A: [a.child.pid!], B: [b.child.pid!], PostgreSQL: await backends() } : { instance: [a.child.pid!] };
    const groupNames = mode === 'pg' ? ['A', 'B', 'PostgreSQL'] : ['instance'];

    const tv = openTv(b.url, workspace.kioskToken);
    cleanups.push(() => tv.close());
    await tv.ready;

    // The idle processes' CPU: what the windows below would hold with no review at all.
    const idleGroups = await groupsNow();
    const idleBefore = readAll(idleGroups);
    await sleep(IDLE_S * 1000);
    const idle = deltas(idleGroups, idleBefore, readAll(idleGroups));
    const idleNsPerS = Object.fromEntries(groupNames.map((g) => [g, IDLE_S ? idle.ns[g]! / IDLE_S : NaN]));

    const queueIdle = async (): Promise<string | null> => {
      if (!monitor) return null;
      const rows =
        await monitor`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY 1, 2`;
      return rows.length ? rows.map((r) => `${r.name} ${r.state} ${r.n}`).join(', ') : null;
    };
    const dbStats = async () => {
      if (!monitor) return null;
      await monitor`SELECT pg_stat_clear_snapshot()`;
      const [database] = await monitor`SELECT xact_commit::float8 AS commits, tup_inserted::float8 AS inserted, tup_updated::float8 AS updated,
        tup_deleted::float8 AS deleted, tup_returned::float8 AS returned, tup_fetched::float8 AS fetched FROM pg_stat_database WHERE datname = current_database()`;
      const tables = await monitor`SELECT schemaname || '.' || relname AS name, (n_tup_ins + n_tup_upd + n_tup_del)::float8 AS writes,
        (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::float8 AS scans, coalesce(seq_tup_read, 0)::float8 AS seq_read FROM pg_stat_user_tables`;
      return { database: database!, tables };
    };

    const slackBefore = slack.posts.length;
    const webhookBefore = webhook.posts.length;
    const eventsBefore = new Map(tv.events);
    const samples: Sample[] = [];
    let groups = await groupsNow();
    let reading = readAll(groups);
    const first = { groups, reading };
    let ended = 0;
    let measuredFrom = 0;
    let statsBefore: Awaited<ReturnType<typeof dbStats>> = null;
    let sharedBefore: Reading = new Map();
    let loadBefore = loadAverage();

    for (let k = 0; k < WARMUP + REVIEWS; k++) {
      if (k === WARMUP) {
        // The measured reviews start here.
        if (LOG_STATEMENTS && admin) {
          const [log] = await admin`SELECT pg_current_logfile() AS file, current_setting('data_directory') AS dir, now()::text AS at`;
          console.log(
            `  measured reviews start at ${log!.at} (database clock); statements logged as the server logs (${log!.file ?? 'stderr: see its log file'})`,
          );
        }
        statsBefore = await dbStats();
        sharedBefore = readAll({ shared });
        loadBefore = loadAverage();
        groups = await groupsNow();
        reading = readAll(groups);
        Object.assign(first, { groups, reading });
        ended = 0;
        measuredFrom = Date.now();
        if (PROFILE) console.log(`  measured reviews start at ${process.hrtime.bigint() / 1000n} µs on the monotonic clock (the profiles' timestamps)`);
      }
      const person = reviewerAt(k);
      const reviewer = fullName(person);
      // The TV names a reviewer by first name and initial, which two reviewers may share: its event counts after this POST only.
      const shownName = firstNameAndInitial(reviewer) ?? reviewer;
      const onTv = () => (tv.arrivals.get(shownName) ?? -1) >= t0;
      const slackSeen = slack.posts.length;
      const notes: string[] = [];
      const t0 = nowMs();
      const res = await fetch(workspace.crmUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          reviewId: `bench-review-${mode}-${k}`,
          reviewerName: reviewer,
          rating: 5,
          reviewText: 'Quick and friendly, thank you!',
          createdAt: new Date().toISOString(),
        }),
      });
      const postMs = nowMs() - t0;
      if (res.status !== 201) throw new Error(`The CRM webhook answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer().catch(() => {});
      const deadline = t0 + REVIEW_TIMEOUT_MS;
      const delivered = (type: string) => webhook.posts.some((p) => p.body.includes(`"type":"${type}"`) && p.body.includes(JSON.stringify(reviewer)));
      const done = () => onTv() && slack.posts.length > slackSeen && delivered('review.created') && delivered('review.matched');
      while (!done() && nowMs() < deadline) {
        await sleep(1);
        // Left unmatched after all (no review.matched, so no alert): once the rest has come and the queue is idle, nothing more is coming.
        // (Only where the queue can be read: on the embedded database a job can wait for the queue's next poll, 2 s.)
        if (monitor && onTv() && delivered('review.created') && nowMs() - t0 > 2000 && (await queueIdle()) === null) break;
      }
      if (!onTv()) notes.push('no reviewAdded on the TV');
      if (slack.posts.length === slackSeen) notes.push('no Slack post');
      if (!delivered('review.created') || !delivered('review.matched')) notes.push('webhook deliveries missing');
      let busy = await queueIdle();
      while (busy !== null && nowMs() < deadline) {
        await sleep(POLL_MS);
        busy = await queueIdle();
      }
      if (busy !== null) notes.push(`queue not idle: ${busy}`);
      const settledGroups = await groupsNow();
      const all = [...new Set(Object.values(settledGroups).flat())];
      // (A profiled process is never quiet: its profiler's thread samples it every millisecond.)
      if (!PROFILE && !(await quiet(all, Math.max(1000, deadline - nowMs())))) notes.push('not quiet');
      const nextGroups = await groupsNow();
      const merged: Groups = Object.fromEntries(Object.keys(nextGroups).map((g) => [g, [...new Set([...(groups[g] ?? []), ...nextGroups[g]!])]]));
      const nextReading = readAll(merged);
      const windowMs = nowMs() - t0;
      const d = deltas(merged, reading, nextReading);
      ended += d.ended;
      if (k >= WARMUP) {
        samples.push({ latencyMs: onTv() ? tv.arrivals.get(shownName)! - t0 : NaN, postMs, windowMs, ns: d.ns, complete: notes.length === 0, notes });
      }
      if (notes.length) console.log(`  review ${k} (${reviewer}): ${notes.join('; ')}`);
      groups = nextGroups;
      reading = nextReading;
    }
    const loadAfter = loadAverage();
    if (PROFILE) console.log(`  measured reviews end at ${process.hrtime.bigint() / 1000n} µs on the monotonic clock`);
    // The whole measured run at once, and in clock ticks as a check of the run times.
    const everyone: Groups = Object.fromEntries(Object.keys(groups).map((g) => [g, [...new Set([...(first.groups[g] ?? []), ...groups[g]!])]]));
    const whole = deltas(everyone, first.reading, reading);
    const sharedDelta = deltas({ shared }, sharedBefore, readAll({ shared })).ns.shared!;
    await sleep(1500); // PostgreSQL's backends report their statistics within a second
    const statsAfter = await dbStats();

    let dbLine = '';
    if (statsBefore && statsAfter) {
      const per = (key: string) => ((Number(statsAfter.database[key]) - Number(statsBefore.database[key])) / REVIEWS).toFixed(1);
      const before = new Map(statsBefore.tables.map((t) => [String(t.name), t]));
      const top = statsAfter.tables
        .map((t) => {
          const b0 = before.get(String(t.name));
          return {
            name: String(t.name),
            writes: (Number(t.writes) - Number(b0?.writes ?? 0)) / REVIEWS,
            scans: (Number(t.scans) - Number(b0?.scans ?? 0)) / REVIEWS,
            seqRead: (Number(t.seq_read) - Number(b0?.seq_read ?? 0)) / REVIEWS,
          };
        })
        .filter((t) => t.writes > 0 || t.scans > 0)
        .sort((x, y) => y.scans + y.writes - (x.scans + x.writes))
        .slice(0, 12);
      dbLine =
        `per review: ${per('commits')} commits, rows inserted ${per('inserted')}, updated ${per('updated')}, deleted ${per('deleted')}, ` +
        `returned ${per('returned')}, fetched ${per('fetched')}\n  tables (scans, rows written, rows read by sequential scans, per review): ` +
        top.map((t) => `${t.name} ${t.scans.toFixed(1)}/${t.writes.toFixed(1)}/${t.seqRead.toFixed(0)}`).join(', ');
    }

    // The jobs the reviews made, by queue and state: none may be left.
    let jobs = '';
    const since = new Date(measuredFrom);
    if (monitor) {
      const rows =
        await monitor`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE created_on >= ${since} GROUP BY 1, 2 ORDER BY 1, 2`;
      jobs = rows.map((r) => `${r.name} ${r.state} ${(Number(r.n) / REVIEWS).toFixed(2)}`).join(', ');
    }
    const events: Record<string, number> = {};
    for (const [name, n] of tv.events) events[name] = (n - (eventsBefore.get(name) ?? 0)) / (WARMUP + REVIEWS);
    const webhookPosts: Record<string, number> = {};
    for (const post of webhook.posts.slice(webhookBefore)) {
      const type = /"type":"([^"]+)"/.exec(post.body)?.[1] ?? '?';
      webhookPosts[type] = (webhookPosts[type] ?? 0) + 1 / (WARMUP + REVIEWS);
    }
    const problems = [a, ...(b === a ? [] : [b])].map((p) => `${p.name} ${p.problems()}`).join(', ');
    tv.close();
    await a.stop();
    if (b !== a) await b.stop();
    if (mode === 'embedded') {
      // The stopped server's folder: the reviews' jobs, by queue and state (created_on is the database's clock, as is measuredFrom's).
      try {
        const pg = await PGlite.create(join(dataDir, 'pglite'));
        try {
          const { rows } = await pg.query<{ name: string; state: string; n: number }>(
            `SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE created_on >= $1 GROUP BY 1, 2 ORDER BY 1, 2`,
            [since],
          );
          jobs = rows.map((r) => `${r.name} ${r.state} ${(r.n / REVIEWS).toFixed(2)}`).join(', ');
        } finally {
          await pg.close();
        }
      } catch (error) {
        jobs = `could not be read from the stopped server's folder: ${(error as Error).message}`;
      }
    }
    return {
      mode,
      samples,
      groups: groupNames,
      totalNs: whole.ns,
      totalTicks: whole.ticks,
      idleNsPerS,
      sharedNs: sharedDelta,
      ended,
      events,
      slackPosts: (slack.posts.length - slackBefore) / (WARMUP + REVIEWS),
      webhookPosts,
      jobs,
      dbStats: dbLine,
      problems,
      loadBefore,
      loadAfter,
      profiles: profileDir,
    };
  } catch (error) {
    for (const p of [a!, b!].filter(Boolean))
      if (p.child.exitCode !== null) console.error(`Instance ${p.name} exited (${p.child.exitCode}):\n${p.tail().slice(-4000)}`);
    throw error;
  } finally {
    await drain(runCleanups);
  }
}

function report(r: Result): boolean {
  const n = r.samples.length;
  const perReview = (g: string) => r.totalNs[g]! / 1e6 / n;
  const total = r.groups.reduce((t, g) => t + perReview(g), 0);
  const latencies = r.samples.map((s) => s.latencyMs).filter(Number.isFinite);
  const totals = r.samples.map((s) => Object.values(s.ns).reduce((t, v) => t + v, 0) / 1e6);
  const windowMean = r.samples.reduce((t, s) => t + s.windowMs, 0) / n;
  const idleShare = r.groups.reduce((t, g) => t + (r.idleNsPerS[g]! / 1e6) * (windowMean / 1000), 0);
  console.log(`\n${TITLES[r.mode]}: ${n} reviews (load average ${r.loadBefore} → ${r.loadAfter})`);
  const header = [
    ...r.groups.map((g) => (g === 'instance' ? 'instance (with PGlite)' : g === 'PostgreSQL' ? 'PostgreSQL backends' : `instance ${g}`)),
    'total',
  ];
  const values = [...r.groups.map((g) => `${fmt(perReview(g))} ms`), `${fmt(total)} ms`];
  const widths = header.map((h, i) => Math.max(h.length, values[i]!.length));
  console.log(`CPU a review   ${header.map((h, i) => h.padStart(widths[i]!)).join('  ')}`);
  console.log(`               ${values.map((v, i) => v.padStart(widths[i]!)).join('  ')}`);
  console.log(
    `per review: CPU p50 ${fmt(percentile(totals, 0.5))} ms, p99 ${fmt(percentile(totals, 0.99))} ms; ` +
      `to the TV p50 ${fmt(percentile(latencies, 0.5), 1)} ms, p99 ${fmt(percentile(latencies, 0.99), 1)} ms, max ${fmt(Math.max(...latencies), 1)} ms ` +
      `(${latencies.length} of ${n} arrived); POST answered p50 ${fmt(
        percentile(
          r.samples.map((s) => s.postMs),
          0.5,
        ),
        1,
      )} ms; ` +
      `window (POST to idle) mean ${fmt(windowMean, 1)} ms`,
  );
  console.log(
    `idle (no review): ${r.groups.map((g) => `${g} ${fmt(r.idleNsPerS[g]! / 1e6)} ms/s`).join(', ')}; over a mean window that is ${fmt(idleShare)} ms of the total`,
  );
  console.log(`clock ticks over the run (10 ms each): ${r.groups.map((g) => `${g} ${fmt((r.totalTicks[g]! * 10) / n)} ms a review`).join(', ')}`);
  if (r.mode === 'pg') {
    console.log(
      `PostgreSQL's shared processes (checkpointer, background writer, WAL writer, ...: the whole server's, anyone's work; not in the total): ${fmt(r.sharedNs / 1e6 / n)} ms a review; backends ended within a window: ${r.ended}`,
    );
  }
  console.log(
    `the TV got, a review: ${Object.entries(r.events)
      .map(([e, v]) => `${e} ${v.toFixed(2)}`)
      .join(', ')}; Slack posts ${r.slackPosts.toFixed(2)}; webhook deliveries ${Object.entries(r.webhookPosts)
      .map(([e, v]) => `${e} ${v.toFixed(2)}`)
      .join(', ')} (warm-up included)`,
  );
  console.log(`jobs a review, by queue and state: ${r.jobs || 'n/a'}`);
  if (r.dbStats) console.log(`PostgreSQL ${r.dbStats}`);
  const incomplete = r.samples.filter((s) => !s.complete).length;
  console.log(`incomplete reviews: ${incomplete}; log lines at warn or above: ${r.problems}`);
  if (r.profiles) console.log(`CPU profiles: ${r.profiles}`);
  return incomplete === 0;
}

// ---- main ---------------------------------------------------------------------------------------

const TITLES: Record<Mode, string> = {
  pg: 'PostgreSQL, two instances (POST to A, TV on B)',
  embedded: 'embedded database, one instance (POST and TV on it)',
};

console.log(`Load average before: ${loadAverage()} (the figures depend on what else the machine is running)`);
console.log(
  `${REQUESTS} open requests, ${WARMUP} warm-up reviews, ${REVIEWS} measured${PROFILE ? ', with --cpu-prof (CPU figures include the profiler)' : ''}`,
);
const results: Result[] = [];
let exitCode = 0;
try {
  for (const mode of MODES) {
    console.log(`\n${TITLES[mode]}...`);
    const result = await run(mode);
    results.push(result);
    if (!report(result)) exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await drain(0);
}

if (results.length < MODES.length) exitCode = 1;
console.log(`\nLoad average after: ${loadAverage()}`);
process.exit(exitCode);

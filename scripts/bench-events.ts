// `npm run bench:events`: live-event delivery latency and server memory with many event-stream clients.
//
//   single: one server on the embedded database; N clients on its kiosk event streams; reviews posted to it.
//   pg:     one server on a fresh PostgreSQL database; the same.
//   two:    instances A and B on one fresh PostgreSQL database; reviews posted to A; the clients on B
//           (or --on-a percent of them on A), so every event B's screens get crosses instances
//           through NOTIFY. B, holding most streams, is "the streaming instance".
//
// Options (arguments win over the environment):
//   --clients N     BENCH_CLIENTS     event-stream clients (default 1000)
//   --reviews K     BENCH_REVIEWS     reviews added, one at a time (default 20)
//   --spacing MS    BENCH_SPACING     at least this long between two reviews (default 250)
//   --mode M        BENCH_MODE        single | pg | two | both (single and two) | all (default both)
//   --on-a P        BENCH_ON_A        two mode: percent of the clients on A, the instance posted to (default 0)
//   --workers W     BENCH_WORKERS     client processes (default 1 up to 2,000 clients, else 2)
//   --concurrency C BENCH_CONCURRENCY streams opening at once, over all workers (default 1000)
//   --timeout S     BENCH_TIMEOUT     the whole run is stopped after S seconds (default 600)
// pg and two modes connect to TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
// to create and drop their own database.
//
// The clients are deliberately light and live in W child processes (scripts/lib/event-stream-clients.ts):
// one raw TCP connection per stream with a hand-written HTTP/1.1 GET, read as latin1 text, looking
// only for each block's event name and the review's name, never parsing the dashboard JSON. The
// bench counts the established connections. Latency is measured (on the monotonic clock every
// process shares) from just before the POST to the arrival of the data that completes the
// reviewAdded block at each client. The bench prints its own CPU (this process and the workers) so
// that it can be compared with the servers'.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { fork, type ChildProcess } from 'node:child_process';
import { STREAMS_PER_KIOSK_LINK } from '#web/live/stream.ts';
import { Client, newWorkspace } from '../tests/helpers/client.ts';
import { freePort, spawnServer } from '../tests/helpers/server-process.ts';
import { benchCleanup, intOption, loadAverage, processCpuSeconds } from './lib/bench-run.ts';

type Mode = 'single' | 'pg' | 'two';
type Server = ReturnType<typeof spawnServer>;

// ---- options ----------------------------------------------------------------------------------

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string' },
    reviews: { type: 'string' },
    spacing: { type: 'string' },
    mode: { type: 'string' },
    timeout: { type: 'string' },
    'on-a': { type: 'string' },
    workers: { type: 'string' },
    concurrency: { type: 'string' },
  },
});

const CLIENTS = intOption('clients', args.clients, process.env.BENCH_CLIENTS, 1000, 1);
const REVIEWS = intOption('reviews', args.reviews, process.env.BENCH_REVIEWS, 20, 1);
const SPACING_MS = intOption('spacing', args.spacing, process.env.BENCH_SPACING, 250, 0);
const TIMEOUT_S = intOption('timeout', args.timeout, process.env.BENCH_TIMEOUT, 600, 10);
const ON_A_PERCENT = intOption('on-a', args['on-a'], process.env.BENCH_ON_A, 0, 0);
const WORKERS = intOption('workers', args.workers, process.env.BENCH_WORKERS, CLIENTS > 2000 ? 2 : 1, 1);
const CONCURRENCY = intOption('concurrency', args.concurrency, process.env.BENCH_CONCURRENCY, 1000, 1);
const MODE_ARG = args.mode ?? process.env.BENCH_MODE ?? 'both';
if (!['single', 'pg', 'two', 'both', 'all'].includes(MODE_ARG)) {
  console.error(`--mode must be single, pg, two, both or all (got "${MODE_ARG}")`);
  process.exit(2);
}
if (ON_A_PERCENT > 100) {
  console.error(`--on-a is a percentage (got ${ON_A_PERCENT})`);
  process.exit(2);
}
const MODES: Mode[] = MODE_ARG === 'both' ? ['single', 'two'] : MODE_ARG === 'all' ? ['single', 'pg', 'two'] : [MODE_ARG as Mode];

/** How long a review may take to reach every client before its missing deliveries are counted. */
const DELIVERY_TIMEOUT_MS = 15_000;
/** How long all clients may take to connect and receive their first data_update. */
const CONNECT_TIMEOUT_MS = 180_000;
const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

// ---- clean-up on every way out -------------------------------------------------------------------

const { cleanups, drain, cleanUp } = benchCleanup(TIMEOUT_S);

// ---- small helpers -----------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await sleep(2);
  }
  return true;
}

/** VmRSS of a process, in MiB. */
function rssMiB(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** TCP connections this process holds, established, to a local port (read from /proc/net/tcp). */
function establishedTo(port: number): number {
  const wanted = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let count = 0;
  for (const file of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 3 && cols[2]!.endsWith(wanted) && cols[3] === '01') count += 1;
    }
  }
  return count;
}

function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 1 : 0)} ms` : 'n/a');
const mib = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} MiB` : 'n/a');
const secs = (v: number) => (Number.isFinite(v) ? `${(v / 1000).toFixed(2)} s` : 'n/a');

async function stopServer(server: Server, name: string): Promise<void> {
  const exited = server.stop();
  const inTime = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!inTime) {
    console.error(`Server ${name} did not stop within 10 s of SIGTERM: killing it.`);
    server.child.kill('SIGKILL');
    await exited;
  }
}

async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const server = spawnServer({ ...env, PORT: String(await freePort()) }, undefined, { asStarted: true });
  cleanups.push(() => stopServer(server, name));
  await server.ready();
  return server;
}

// ---- the light event-stream clients, in worker processes -------------------------------------

const REVIEWER_PREFIX = 'rc-bench-';
const WORKER_SCRIPT = new URL('./lib/event-stream-clients.ts', import.meta.url).pathname;
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

interface WorkerState {
  child: ChildProcess;
  ready: number;
  failed: number;
  unexpected: number;
  failures: Record<string, number>;
  delivered: number[];
}

interface Streams {
  workers: WorkerState[];
  /** Clients that have received their first data_update (and not failed since). */
  ready(): number;
  /** Clients whose stream failed to open or ended before the run was over. */
  failed(): number;
  failures(): Map<string, number>;
  /** Clients that have review k. */
  delivered(k: number): number;
  /** reviewAdded blocks that named no review of this run, or one that had already arrived. */
  unexpected(): number;
  /** arrivals[k]: for every client that got review k, when (monotonic ms). */
  arrivals(): Promise<number[][]>;
  close(): Promise<void>;
}

/** `targets.length` streams, split over WORKERS processes, at most CONCURRENCY opening at once. */
function openStreams(targets: { host: string; port: number; path: string }[], reviews: number): Streams {
  const workers: WorkerState[] = [];
  const count = Math.min(WORKERS, targets.length);
  for (let w = 0; w < count; w++) {
    const child = fork(WORKER_SCRIPT, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const state: WorkerState = { child, ready: 0, failed: 0, unexpected: 0, failures: {}, delivered: new Array(reviews).fill(0) };
    child.on('message', (message: { type: string } & Partial<WorkerState>) => {
      if (message.type === 'progress') Object.assign(state, message);
    });
    const mine = targets.filter((_, i) => i % count === w);
    child.send({ type: 'open', targets: mine, reviews, maxPending: Math.max(1, Math.ceil(CONCURRENCY / count)) });
    workers.push(state);
  }
  const sum = (f: (w: WorkerState) => number) => workers.reduce((total, w) => total + f(w), 0);
  return {
    workers,
    ready: () => sum((w) => w.ready),
    failed: () => sum((w) => w.failed),
    unexpected: () => sum((w) => w.unexpected),
    delivered: (k) => sum((w) => w.delivered[k] ?? 0),
    failures: () => {
      const all = new Map<string, number>();
      for (const w of workers) for (const [reason, n] of Object.entries(w.failures)) all.set(reason, (all.get(reason) ?? 0) + n);
      return all;
    },
    arrivals: async () => {
      const rows: number[][] = Array.from({ length: reviews }, () => []);
      for (const w of workers) {
        const report = await new Promise<Float64Array[]>((resolve) => {
          const onMessage = (message: { type: string; arrivals?: Float64Array[] }) => {
            if (message.type !== 'report') return;
            w.child.off('message', onMessage);
            resolve(message.arrivals!);
          };
          w.child.on('message', onMessage);
          w.child.send({ type: 'report' });
        });
        report.forEach((row, k) => {
          for (const at of row) if (!Number.isNaN(at)) rows[k]!.push(at);
        });
      }
      return rows;
    },
    close: async () => {
      await Promise.all(
        workers.map(async ({ child }) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          if (child.connected) child.send({ type: 'close' });
          else child.kill();
          if (!(await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]))) child.kill('SIGKILL');
        }),
      );
    },
  };
}

/** The highest VmRSS seen of each process, sampled every 100 ms until stopped. */
function rssPeaks(pids: (number | undefined)[]): { peaks: number[]; stop(): void } {
  const peaks = pids.map((pid) => rssMiB(pid));
  const timer = setInterval(() => pids.forEach((pid, i) => (peaks[i] = Math.max(peaks[i]!, rssMiB(pid) || 0))), 100);
  return { peaks, stop: () => clearInterval(timer) };
}

// ---- one run ------------------------------------------------------------------------------------

interface Result {
  mode: Mode;
  clients: number;
  reviews: number;
  deliveries: number;
  missed: number;
  failedStreams: number;
  failures: string;
  unexpected: number;
  connections: number;
  connectMs: number;
  p50: number;
  p99: number;
  max: number;
  /** Per review: the time until the last client had it. */
  lastP50: number;
  /** Per review, in the order posted: when the last client had it (ms after the POST). */
  lastByReview: number[];
  postP50: number;
  /** Per server (one, or A and B): streams held, RSS before the clients connect, its peak from then on, after the reviews; CPU over the reviews. */
  rss: { name: string; streams: number; idle: number; peak: number; after: number; cpuReviews: number }[];
  streamingCpuConnect: number;
  streamingCpuReviews: number;
  benchCpuConnect: number;
  benchCpuReviews: number;
  workers: number;
  serverErrors: string[];
}

/** CPU seconds of this process and the bench's client workers. */
function benchCpu(streams: Streams | null): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + (streams?.workers.reduce((total, w) => total + processCpuSeconds(w.child.pid), 0) ?? 0);
}

const MODE_TITLES: Record<Mode, string> = {
  single: 'one instance (embedded)',
  pg: 'one instance (PostgreSQL)',
  two: 'two instances (PostgreSQL)',
};

async function run(mode: Mode): Promise<Result> {
  const runCleanups = cleanups.length;
  let poster: Server;
  let streaming: Server;
  const servers: { name: string; server: Server }[] = [];

  if (mode === 'single') {
    const dataDir = mkdtempSync(join(tmpdir(), 'rc-bench-events-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    poster = streaming = await startServer('single', { DATA_DIR: dataDir, DATABASE_URL: '' });
    servers.push({ name: 'server', server: poster });
  } else {
    const adminUrl = new URL(ADMIN_DATABASE_URL);
    if (!LOOPBACK.has(adminUrl.hostname)) {
      throw new Error(`PostgreSQL modes only run against a local PostgreSQL (127.0.0.1); TEST_DATABASE_URL points at ${adminUrl.hostname}`);
    }
    const name = `rc_bench_${randomBytes(4).toString('hex')}`;
    const admin = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} });
    cleanups.push(() => admin.end({ timeout: 5 }));
    await admin.unsafe(`CREATE DATABASE ${name}`);
    cleanups.push(() => admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${name}` }).href;
    const env = { DATABASE_URL: databaseUrl, APP_SECRET: randomBytes(24).toString('hex') };
    if (mode === 'pg') {
      poster = streaming = await startServer('single', env);
      servers.push({ name: 'server', server: poster });
    } else {
      poster = await startServer('A', env);
      streaming = await startServer('B', env);
      servers.push({ name: 'A', server: poster }, { name: 'B', server: streaming });
    }
  }

  try {
    // A workspace and an admin session (signed with the secret both instances share).
    const client = new Client(poster.url);
    const workspace = newWorkspace({ slug: `bench-${mode}-${process.pid}` });
    const registered = await client.post('/api/register', workspace);
    if (registered.status !== 201) throw new Error(`Registration failed: ${registered.status} ${registered.text}`);
    const unlocked = await client.post('/api/auth/admin', { password: workspace.adminPassword });
    if (unlocked.status !== 200) throw new Error(`Admin unlock failed: ${unlocked.status} ${unlocked.text}`);
    // Screens on TVs use kiosk links; each link holds STREAMS_PER_KIOSK_LINK streams at most (per instance).
    const tokens: string[] = [];
    for (let i = 0; i < Math.ceil(CLIENTS / STREAMS_PER_KIOSK_LINK); i++) {
      const link = await client.post('/api/admin/kiosk-links', { label: `Bench TV ${i + 1}` });
      if (link.status !== 201) throw new Error(`Kiosk link failed: ${link.status} ${link.text}`);
      tokens.push(String(link.json.url).split('/wall/')[1]!);
    }
    // In two mode, the first --on-a percent of the clients go to A, the rest to B.
    const onPoster = mode === 'two' ? Math.round((CLIENTS * ON_A_PERCENT) / 100) : 0;
    const targets = Array.from({ length: CLIENTS }, (_, i) => {
      const url = new URL(i < onPoster ? poster.url : streaming.url);
      return { host: url.hostname, port: Number(url.port), path: `/api/kiosk/${tokens[i % tokens.length]}/events` };
    });
    const streamsOn = servers.map(({ server }) => (server === poster && server !== streaming ? onPoster : server === streaming ? CLIENTS - onPoster : 0));

    await sleep(500);
    const idle = servers.map(({ server }) => rssMiB(server.child.pid));
    const sampler = rssPeaks(servers.map(({ server }) => server.child.pid));
    cleanups.push(() => sampler.stop());

    // N streams, opened together (as after a deploy, when every screen reconnects), at most
    // CONCURRENCY still waiting for their first data_update at once.
    const cpuBeforeConnect = processCpuSeconds(streaming.child.pid);
    const benchBeforeConnect = benchCpu(null);
    const connectStart = performance.now();
    const streams = openStreams(targets, REVIEWS);
    cleanups.push(() => streams.close());
    const allReady = await waitUntil(() => streams.ready() + streams.failed() >= CLIENTS, CONNECT_TIMEOUT_MS);
    const connectMs = performance.now() - connectStart;
    const streamingCpuConnect = processCpuSeconds(streaming.child.pid) - cpuBeforeConnect;
    const benchCpuConnect = benchCpu(streams) - benchBeforeConnect;
    const connections = servers.reduce((total, { server }) => total + establishedTo(Number(new URL(server.url).port)), 0);
    if (!allReady) {
      console.error(`  only ${streams.ready()} of ${CLIENTS} streams received their first data_update within ${CONNECT_TIMEOUT_MS / 1000} s`);
    }
    if (streams.failed()) console.error(`  ${streams.failed()} streams failed to open: ${JSON.stringify(Object.fromEntries(streams.failures()))}`);
    await sleep(500);
    console.log(`  ${streams.ready()} of ${CLIENTS} streams ready in ${secs(connectMs)}; ${connections} TCP connections held`);

    // K reviews, one at a time: the next one once every client has the previous one (or it timed
    // out), and at least SPACING_MS after it.
    const t0s: number[] = [];
    const postTimes: number[] = [];
    const cpuBeforeReviews = processCpuSeconds(streaming.child.pid);
    const serversCpuBefore = servers.map(({ server }) => processCpuSeconds(server.child.pid));
    const benchBeforeReviews = benchCpu(streams);
    for (let k = 0; k < REVIEWS; k++) {
      const t0 = nowMs();
      t0s.push(t0);
      const res = await client.post('/api/test-review', {
        reviewerName: `${REVIEWER_PREFIX}${k}`,
        rating: 5,
        reviewText: `Benchmark review ${k}`,
        source: 'google',
      });
      postTimes.push(nowMs() - t0);
      if (res.status !== 201) throw new Error(`POST /api/test-review answered ${res.status}: ${res.text}`);
      const expected = () => CLIENTS - streams.failed();
      await waitUntil(() => streams.delivered(k) >= expected(), DELIVERY_TIMEOUT_MS);
      const wait = t0 + SPACING_MS - nowMs();
      if (wait > 0 && k < REVIEWS - 1) await sleep(wait);
    }
    // Late arrivals still count as delivered (with their latency), within the delivery timeout.
    await waitUntil(() => streams.delivered(REVIEWS - 1) >= CLIENTS - streams.failed(), 1000);
    await sleep(50); // the workers' last progress
    const streamingCpuReviews = processCpuSeconds(streaming.child.pid) - cpuBeforeReviews;
    const serversCpuReviews = servers.map(({ server }, i) => processCpuSeconds(server.child.pid) - serversCpuBefore[i]!);
    const benchCpuReviews = benchCpu(streams) - benchBeforeReviews;
    const after = servers.map(({ server }) => rssMiB(server.child.pid));
    sampler.stop();

    const arrivals = await streams.arrivals();
    const latencies: number[] = [];
    const lasts: number[] = [];
    arrivals.forEach((row, k) => {
      let last = NaN;
      for (const at of row) {
        latencies.push(at - t0s[k]!);
        last = Number.isNaN(last) ? at - t0s[k]! : Math.max(last, at - t0s[k]!);
      }
      lasts.push(last);
    });
    latencies.sort((a, b) => a - b);
    const lastByReview = [...lasts];
    lasts.sort((a, b) => a - b);
    postTimes.sort((a, b) => a - b);
    const serverErrors = servers.flatMap(({ name, server }) =>
      server
        .output()
        .split('\n')
        .filter((line) => /error|could not|warn/i.test(line))
        .map((line) => `${name}: ${line}`),
    );

    return {
      mode,
      clients: CLIENTS,
      reviews: REVIEWS,
      deliveries: latencies.length,
      missed: CLIENTS * REVIEWS - latencies.length,
      failedStreams: streams.failed(),
      failures: JSON.stringify(Object.fromEntries(streams.failures())),
      unexpected: streams.unexpected(),
      connections,
      connectMs,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? NaN,
      lastP50: percentile(lasts, 0.5),
      lastByReview,
      postP50: percentile(postTimes, 0.5),
      rss: servers.map(({ name }, i) => ({
        name,
        streams: streamsOn[i]!,
        idle: idle[i]!,
        peak: sampler.peaks[i]!,
        after: after[i]!,
        cpuReviews: serversCpuReviews[i]!,
      })),
      streamingCpuConnect,
      streamingCpuReviews,
      benchCpuConnect,
      benchCpuReviews,
      workers: streams.workers.length,
      serverErrors,
    };
  } finally {
    // This run's streams, servers, database and folder, newest first.
    await drain(runCleanups);
  }
}

// ---- main ---------------------------------------------------------------------------------------
console.log(`Load average before: ${loadAverage()} (the figures depend on what else the machine is running)`);
const results: Result[] = [];
let exitCode = 0;
try {
  for (const mode of MODES) {
    const where = mode === 'two' ? ` (reviews posted to A; clients ${ON_A_PERCENT ? `${ON_A_PERCENT} % on A, the rest on B` : 'on B'})` : '';
    console.log(`${MODE_TITLES[mode]}${where}: ${CLIENTS} clients, ${REVIEWS} reviews, ${Math.min(WORKERS, CLIENTS)} client processes...`);
    results.push(await run(mode));
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp();
}

if (results.length) {
  const header = [
    'mode',
    'clients',
    'reviews',
    'deliveries',
    'missed',
    'p50',
    'p99',
    'max',
    'last p50',
    'connect',
    'streams',
    'RSS idle',
    'RSS peak',
    'RSS after',
  ];
  const rows = results.flatMap((r) =>
    r.rss.map((m, i) => {
      const first = (value: string) => (i === 0 ? value : '');
      const named = (value: string) => `${r.rss.length > 1 ? `${m.name} ` : ''}${value}`;
      return [
        first(MODE_TITLES[r.mode]),
        first(String(r.clients)),
        first(String(r.reviews)),
        first(String(r.deliveries)),
        first(String(r.missed)),
        first(ms(r.p50)),
        first(ms(r.p99)),
        first(ms(r.max)),
        first(ms(r.lastP50)),
        first(secs(r.connectMs)),
        named(String(m.streams)),
        named(mib(m.idle)),
        named(mib(m.peak)),
        named(mib(m.after)),
      ];
    }),
  );
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  console.log('(last p50: the median over the reviews of the time until the last client had it)\n');
  for (const r of results) {
    const name = MODE_TITLES[r.mode];
    console.log(
      `${name}: POST /api/test-review p50 ${ms(r.postP50)}; streaming server CPU ${r.streamingCpuConnect.toFixed(2)} s while connecting ` +
        `(${((r.streamingCpuConnect * 1000) / r.clients).toFixed(2)} ms a connection), ` +
        `${r.streamingCpuReviews.toFixed(2)} s over the reviews (${((r.streamingCpuReviews * 1000) / r.reviews).toFixed(0)} ms a review); ` +
        `bench client CPU (${r.workers} client processes and this one) ${r.benchCpuConnect.toFixed(2)} s while connecting, ` +
        `${r.benchCpuReviews.toFixed(2)} s over the reviews; ${r.connections} TCP connections held`,
    );
    console.log(`${name}: the last client had each review after (ms, in the order posted): ${r.lastByReview.map((v) => v.toFixed(0)).join(' ')}`);
    if (r.rss.length > 1) {
      console.log(
        `${name}: CPU over the reviews by server: ${r.rss.map((m) => `${m.name} ${((m.cpuReviews * 1000) / r.reviews).toFixed(0)} ms a review (${m.streams} streams)`).join(', ')}`,
      );
    }
    if (r.failedStreams) console.log(`${name}: ${r.failedStreams} streams failed: ${r.failures}`);
    if (r.unexpected) console.log(`${name}: ${r.unexpected} unexpected or duplicate reviewAdded events`);
    if (r.serverErrors.length) console.log(`${name}: server log lines that look like errors:\n  ${r.serverErrors.slice(0, 10).join('\n  ')}`);
    if (r.missed > 0 || r.failedStreams > 0) exitCode = 1;
  }
  console.log(`Load average after: ${loadAverage()}`);
  if (exitCode) console.error('\nSome deliveries were missed or some streams failed.');
}
if (results.length < MODES.length) exitCode = 1;
process.exit(exitCode);

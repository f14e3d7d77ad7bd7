// `npm run bench:push` (issue 30): from a review added on Google to its celebration on a wallboard in
// Chromium, through Google's push.
//
//   pglite: one server on the embedded database; the push and the TV both on it.
//   two:    instances A and B on one fresh PostgreSQL database; Pub/Sub pushes to A, the TV watches B,
//           so the review's live notice crosses instances through NOTIFY.
//
// Options (arguments win over the environment):
//   --reviews K   BENCH_REVIEWS   reviews measured, one at a time, after one warm-up review (default 20)
//   --mode M      BENCH_MODE      pglite | two | both (default both)
//   --timeout S   BENCH_TIMEOUT   the whole run is stopped after S seconds (default 900)
// The two mode connects to TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) to
// create and drop its own database.
//
// The fakes run in this process: the fake Google (tests/fakes/google-server.ts) and the fake Pub/Sub
// (tests/fakes/pubsub-pusher.ts). A workspace on the team plan is connected to the fake Google through
// the OAuth flow, which registers its notification setting for GOOGLE_PUBSUB_TOPIC; the topic has one
// push subscription, to A's /api/webhooks/google/pubsub. Each review is added with
// `google.addReview()`, which publishes NEW_REVIEW; the fake Pub/Sub signs a token and pushes it; the
// product checks it, keeps the message and queues a google-push job; the job fetches the one review
// from the fake Google, stores it and announces it; the wallboard's event stream brings it and the
// celebration overlay shows. The clock starts just before `addReview` and stops in the page, at the
// first animation frame after the overlay naming the review is in the DOM (the frame that paints it).
// The next review waits until that celebration has cleared (8 s): the overlay absorbs what arrives
// while it shows. Left out: how long real Google takes to publish, and Pub/Sub's own delivery.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import type { Page } from 'playwright-core';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { GOOGLE_PUSH_PATH } from '#shared/paths.ts';
import { startFakeGoogle } from '../tests/fakes/google-server.ts';
import { startFakePubSub } from '../tests/fakes/pubsub-pusher.ts';
import { launchBrowser, waitForIslands } from '../tests/helpers/browser.ts';
import { Client, newWorkspace } from '../tests/helpers/client.ts';
import { connectGoogle, googleEnv } from '../tests/helpers/google.ts';
import { freePort, spawnServer } from '../tests/helpers/server-process.ts';
import { benchCleanup, intOption, loadAverage } from './lib/bench-run.ts';

type Mode = 'pglite' | 'two';
type Server = ReturnType<typeof spawnServer>;

// ---- options ----------------------------------------------------------------------------------

const { values: args } = parseArgs({ options: { reviews: { type: 'string' }, mode: { type: 'string' }, timeout: { type: 'string' } } });

const REVIEWS = intOption('reviews', args.reviews, process.env.BENCH_REVIEWS, 20, 1);
const TIMEOUT_S = intOption('timeout', args.timeout, process.env.BENCH_TIMEOUT, 900, 10);
const MODE_ARG = args.mode ?? process.env.BENCH_MODE ?? 'both';
if (!['pglite', 'two', 'both'].includes(MODE_ARG)) {
  console.error(`--mode must be pglite, two or both (got "${MODE_ARG}")`);
  process.exit(2);
}
const MODES: Mode[] = MODE_ARG === 'both' ? ['pglite', 'two'] : [MODE_ARG as Mode];

/** How long one review may take to be celebrated before it counts as missed. */
const CELEBRATION_TIMEOUT_MS = 30_000;
const TOPIC = 'projects/review-challenge-bench/topics/gbp-reviews';
const TV = { width: 1920, height: 1080 };
const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

// ---- clean-up on every way out -------------------------------------------------------------------

const { cleanups, drain, cleanUp } = benchCleanup(TIMEOUT_S);

// ---- small helpers -----------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : 'n/a');

async function stopServer(server: Server, name: string): Promise<void> {
  const exited = server.stop();
  const inTime = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!inTime) {
    console.error(`Server ${name} did not stop within 10 s of SIGTERM: killing it.`);
    server.child.kill('SIGKILL');
    await exited;
  }
}

/** A server on its own port, PUBLIC_URL its address: the push's audience is A's push URL. */
async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const server = spawnServer({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }, undefined, { asStarted: true });
  cleanups.push(() => stopServer(server, name));
  await server.ready();
  return server;
}

// ---- the wallboard's side ------------------------------------------------------------------------

interface Celebration {
  text: string;
  /** Date.now() when the overlay was found in the DOM, and at the next animation frame. */
  inDom: number;
  frame: number;
}

declare global {
  interface Window {
    benchCelebrations: Celebration[];
  }
}

/** Records, in the page, each celebration overlay as it appears: its text and when it was painted. */
function recordCelebrations() {
  window.benchCelebrations = [];
  let shown: Element | null = null;
  new MutationObserver(() => {
    const overlay = document.querySelector('[data-testid="celebration-overlay"]');
    if (overlay === shown) return;
    shown = overlay;
    if (!overlay) return;
    const inDom = Date.now();
    requestAnimationFrame(() => window.benchCelebrations.push({ text: overlay.textContent ?? '', inDom, frame: Date.now() }));
  }).observe(document, { childList: true, subtree: true });
}

async function celebrationOf(page: Page, name: string): Promise<Celebration | null> {
  try {
    const handle = await page.waitForFunction((who) => window.benchCelebrations.find((c) => c.text.includes(who)) ?? false, name, {
      timeout: CELEBRATION_TIMEOUT_MS,
      polling: 50,
    });
    return (await handle.jsonValue()) as Celebration;
  } catch {
    return null;
  }
}

// ---- one run ------------------------------------------------------------------------------------

interface Sample {
  /** ms after addReview: the push answered 202, the job's GET of the review, the overlay in the DOM, painted. */
  pushed: number;
  fetched: number;
  inDom: number;
  painted: number;
}

interface Result {
  mode: Mode;
  samples: Sample[];
  warmUp: Sample | null;
  missed: number;
  serverErrors: string[];
}

const MODE_TITLES: Record<Mode, string> = {
  pglite: 'one instance (embedded)',
  two: 'two instances (PostgreSQL; push to A, TV on B)',
};

async function run(mode: Mode): Promise<Result> {
  const runCleanups = cleanups.length;
  try {
    const [google, pubsub] = await Promise.all([startFakeGoogle(), startFakePubSub()]);
    cleanups.push(() => google.close());
    cleanups.push(() => pubsub.close());
    // When each review's message was answered 2xx (the review's id by its message's id).
    const reviewOf = new Map<string, string>();
    const acknowledgedAt = new Map<string, number>();
    google.publishTo({
      topic: pubsub.topic,
      publish: (topic, notification) => {
        const messageId = pubsub.publish(topic, notification);
        reviewOf.set(messageId, (notification as { reviewName: string }).reviewName.split('/').at(-1)!);
        return messageId;
      },
    });
    pubsub.onDelivery((delivery) => {
      const reviewId = reviewOf.get(delivery.messageId);
      if (reviewId && typeof delivery.status === 'number' && delivery.status < 300 && !acknowledgedAt.has(reviewId)) acknowledgedAt.set(reviewId, Date.now());
    });
    pubsub.createTopic(TOPIC);

    const env: Record<string, string> = {
      APP_SECRET: randomBytes(24).toString('hex'),
      DEFAULT_PLAN: 'team',
      ...googleEnv(google),
      GOOGLE_PUBSUB_PUSH_ACCOUNT: pubsub.account,
      GOOGLE_OIDC_CERTS_URL: pubsub.certsUrl,
      GOOGLE_PUBSUB_TOPIC: TOPIC,
      // Once a day, half a day from now: every review here comes through its push, none through a sync.
      GOOGLE_SYNC_SCHEDULE: `0 ${(new Date().getHours() + 12) % 24} * * *`,
    };
    let pushed: Server;
    let watched: Server;
    const servers: { name: string; server: Server }[] = [];
    if (mode === 'pglite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'rc-bench-push-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      pushed = watched = await startServer('server', { ...env, DATA_DIR: dataDir, DATABASE_URL: '' });
      servers.push({ name: 'server', server: pushed });
    } else {
      const adminUrl = new URL(ADMIN_DATABASE_URL);
      if (!LOOPBACK.has(adminUrl.hostname)) {
        throw new Error(`The two mode only runs against a local PostgreSQL (127.0.0.1); TEST_DATABASE_URL points at ${adminUrl.hostname}`);
      }
      const name = `rc_bench_push_${randomBytes(4).toString('hex')}`;
      const admin = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} });
      cleanups.push(() => admin.end({ timeout: 5 }));
      await admin.unsafe(`CREATE DATABASE ${name}`);
      cleanups.push(() => admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${name}` }).href;
      pushed = await startServer('A', { ...env, DATABASE_URL: databaseUrl });
      watched = await startServer('B', { ...env, DATABASE_URL: databaseUrl });
      servers.push({ name: 'A', server: pushed }, { name: 'B', server: watched });
    }
    pubsub.subscribe(TOPIC, pushed.url + GOOGLE_PUSH_PATH);

    // The workspace, connected to the fake Google: its notification setting registered for TOPIC.
    const client = new Client(pushed.url);
    const workspace = newWorkspace({ slug: `bench-push-${mode}-${process.pid}` });
    const registered = await client.post('/api/register', workspace);
    if (registered.status !== 201) throw new Error(`Registration failed: ${registered.status} ${registered.text}`);
    const unlocked = await client.post('/api/auth/admin', { password: workspace.adminPassword });
    if (unlocked.status !== 200) throw new Error(`Admin unlock failed: ${unlocked.status} ${unlocked.text}`);
    const connected = await connectGoogle(client);
    if (connected.searchParams.get('gmb_connected') !== 'true') throw new Error(`Connecting Google failed: ${connected.href}`);
    const push = (await client.get('/api/gmb/status')).json?.push;
    if (!push?.registered) throw new Error(`The notification setting is not registered: ${JSON.stringify(push)}`);

    // The TV: the wallboard on the watched instance, signed in with the same session (it lives in the database).
    const browser = await launchBrowser({ viewport: TV });
    cleanups.push(() => browser.close());
    await browser.context.addInitScript(recordCelebrations);
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: client.cookie(SESSION_COOKIE)!, url: watched.url }]);
    const page = await browser.context.newPage();
    await page.goto(`${watched.url}/${workspace.slug}`);
    await waitForIslands(page);
    await page.getByText('Live', { exact: true }).waitFor({ state: 'visible' });
    const overlay = page.getByTestId('celebration-overlay');

    const reviewGetAt = (reviewId: string) => google.calls('/v4/', 'GET').find((c) => c.path.endsWith(`/reviews/${reviewId}`))?.at ?? NaN;
    const samples: Sample[] = [];
    let warmUp: Sample | null = null;
    let missed = 0;
    // One warm-up review (the first job also gets the OAuth access token), then REVIEWS measured.
    for (let k = 0; k <= REVIEWS; k++) {
      const name = k === 0 ? 'Warm-up Reviewer' : `Bench Reviewer ${k}`;
      const t0 = Date.now();
      // Written now: a review written before the challenge began is stored but not celebrated.
      const review = google.addReview({ displayName: name, starRating: 'FIVE', comment: `Bench review ${k}`, createTime: new Date(t0).toISOString() });
      const celebrated = await celebrationOf(page, name);
      if (!celebrated) {
        missed += k === 0 ? 0 : 1;
        console.error(`  ${name} was not celebrated within ${CELEBRATION_TIMEOUT_MS / 1000} s`);
      } else {
        const sample = {
          pushed: (acknowledgedAt.get(review.reviewId) ?? NaN) - t0,
          fetched: reviewGetAt(review.reviewId) - t0,
          inDom: celebrated.inDom - t0,
          painted: celebrated.frame - t0,
        };
        if (k === 0) warmUp = sample;
        else samples.push(sample);
      }
      // The overlay absorbs whatever arrives while it shows (8 s): the next review waits for it to clear.
      await overlay.waitFor({ state: 'detached', timeout: 20_000 });
      await sleep(250);
    }
    await pubsub.acknowledged();

    const serverErrors = servers.flatMap(({ name, server }) =>
      server
        .stdout()
        .split('\n')
        .filter((line) => /"level":"(?:error|fatal)"/.test(line))
        .map((line) => `${name}: ${line}`),
    );
    return { mode, samples, warmUp, missed, serverErrors };
  } finally {
    // This run's browser, servers, database, folder and fakes, newest first.
    await drain(runCleanups);
  }
}

// ---- main ---------------------------------------------------------------------------------------
console.log(`Load average before: ${loadAverage()} (the figures depend on what else the machine is running)`);
const results: Result[] = [];
let exitCode = 0;
try {
  for (const mode of MODES) {
    console.log(`${MODE_TITLES[mode]}: 1 warm-up review, then ${REVIEWS}, each added on the fake Google once the last celebration has cleared...`);
    results.push(await run(mode));
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp();
}

if (results.length) {
  const header = ['mode', 'reviews', 'missed', 'celebrated p50', 'p95', 'max', 'push 2xx p50', 'review fetched p50', 'in the DOM p50'];
  const rows = results.map((r) => {
    const sorted = (pick: (s: Sample) => number) => r.samples.map(pick).sort((a, b) => a - b);
    const painted = sorted((s) => s.painted);
    return [
      MODE_TITLES[r.mode],
      String(r.samples.length),
      String(r.missed),
      ms(percentile(painted, 0.5)),
      ms(percentile(painted, 0.95)),
      ms(painted.at(-1) ?? NaN),
      ms(
        percentile(
          sorted((s) => s.pushed),
          0.5,
        ),
      ),
      ms(
        percentile(
          sorted((s) => s.fetched),
          0.5,
        ),
      ),
      ms(
        percentile(
          sorted((s) => s.inDom),
          0.5,
        ),
      ),
    ];
  });
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  console.log('(ms after google.addReview(): the push answered 2xx, the job read the review from Google, the overlay in the DOM, its first frame)\n');
  for (const r of results) {
    const name = MODE_TITLES[r.mode];
    console.log(`${name}: celebrated after (ms, in the order added): ${r.samples.map((s) => s.painted.toFixed(0)).join(' ')}`);
    if (r.warmUp)
      console.log(`${name}: the warm-up review: push 2xx ${ms(r.warmUp.pushed)}, fetched ${ms(r.warmUp.fetched)}, celebrated ${ms(r.warmUp.painted)}`);
    if (r.serverErrors.length) console.log(`${name}: server log lines at error level:\n  ${r.serverErrors.slice(0, 10).join('\n  ')}`);
    if (r.missed > 0) exitCode = 1;
  }
  console.log(`Load average after: ${loadAverage()}`);
  if (exitCode) console.error('\nSome reviews were not celebrated.');
}
if (results.length < MODES.length) exitCode = 1;
process.exit(exitCode);

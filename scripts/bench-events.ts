// `npm run bench:events`: live-event delivery latency and server memory with many event-stream clients.
//
//   single: one server on the embedded database; N clients on /api/events; reviews posted to it.
//   two:    instances A and B on one fresh PostgreSQL database; N clients on B; reviews posted to A,
//           so every event crosses instances through NOTIFY.
//
// Options (arguments win over the environment):
//   --clients N     BENCH_CLIENTS     event-stream clients (default 1000)
//   --reviews K     BENCH_REVIEWS     reviews added, one at a time (default 20)
//   --spacing MS    BENCH_SPACING     at least this long between two reviews (default 250)
//   --mode M        BENCH_MODE        single | two | both (default both)
//   --timeout S     BENCH_TIMEOUT     the whole run is stopped after S seconds (default 300)
// Two mode connects to TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) to create
// and drop its own database.
//
// The clients are deliberately light: one fetch per stream (Node's global fetch, which keeps no
// per-origin connection limit, so each stream gets its own HTTP/1.1 connection; the bench counts
// them), and a parser that only looks at each block's event name and the review's name, never
// parsing the dashboard JSON. Latency is measured from just before the POST to the arrival of the
// chunk that completes the reviewAdded block at each client.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { STREAMS_PER_KIOSK_LINK } from '../src/lib/live/stream.ts';
import { Client, newWorkspace } from '../tests/helpers/client.ts';
import { freePort, spawnServer } from '../tests/helpers/server-process.ts';

type Mode = 'single' | 'two';
type Server = ReturnType<typeof spawnServer>;

// ---- options ----------------------------------------------------------------------------------

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string' },
    reviews: { type: 'string' },
    spacing: { type: 'string' },
    mode: { type: 'string' },
    timeout: { type: 'string' },
  },
});

function intOption(name: string, arg: string | undefined, env: string | undefined, fallback: number, min: number): number {
  const raw = arg ?? env;
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

const CLIENTS = intOption('clients', args.clients, process.env.BENCH_CLIENTS, 1000, 1);
const REVIEWS = intOption('reviews', args.reviews, process.env.BENCH_REVIEWS, 20, 1);
const SPACING_MS = intOption('spacing', args.spacing, process.env.BENCH_SPACING, 250, 0);
const TIMEOUT_S = intOption('timeout', args.timeout, process.env.BENCH_TIMEOUT, 300, 10);
const MODE_ARG = args.mode ?? process.env.BENCH_MODE ?? 'both';
if (!['single', 'two', 'both'].includes(MODE_ARG)) {
  console.error(`--mode must be single, two or both (got "${MODE_ARG}")`);
  process.exit(2);
}
const MODES: Mode[] = MODE_ARG === 'both' ? ['single', 'two'] : [MODE_ARG as Mode];

/** How long a review may take to reach every client before its missing deliveries are counted. */
const DELIVERY_TIMEOUT_MS = 15_000;
/** How long all clients may take to connect and receive their first data_update. */
const CONNECT_TIMEOUT_MS = 120_000;
const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

// ---- clean-up on every way out -------------------------------------------------------------------

const cleanups: (() => Promise<unknown> | unknown)[] = [];
let draining: Promise<void> = Promise.resolve();

/** Runs the clean-up steps registered after the first `keep`, newest first, one drain at a time. */
function drain(keep: number): Promise<void> {
  draining = draining.then(async () => {
    while (cleanups.length > keep) {
      const step = cleanups.pop()!;
      try {
        await step();
      } catch (error) {
        console.error('Clean-up step failed:', error);
      }
    }
  });
  return draining;
}

const cleanUp = () => drain(0);

async function bail(message: string, code: number): Promise<never> {
  console.error(message);
  const hardStop = setTimeout(() => process.exit(code), 20_000);
  hardStop.unref();
  await cleanUp();
  process.exit(code);
}

process.once('SIGINT', () => void bail('\nInterrupted: stopping the servers and cleaning up...', 130));
process.once('SIGTERM', () => void bail('\nTerminated: stopping the servers and cleaning up...', 143));
const overallTimer = setTimeout(() => void bail(`\nThe benchmark did not finish within ${TIMEOUT_S} s: stopping.`, 3), TIMEOUT_S * 1000);
overallTimer.unref();

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

/** User + system CPU time a process has used, in seconds. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
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
  const server = spawnServer({ ...env, PORT: String(await freePort()) });
  cleanups.push(() => stopServer(server, name));
  await server.ready();
  return server;
}

// ---- the light event-stream client --------------------------------------------------------------

const REVIEWER_PREFIX = 'rc-bench-';
const REVIEWER_PATTERN = /"reviewerName":"rc-bench-(\d+)"/;

interface Streams {
  /** Clients that have received their first data_update (and not failed since). */
  ready: number;
  /** Clients whose stream failed to open or ended before the run was over. */
  failed: number;
  failures: Map<string, number>;
  /** arrivals[k][i]: when client i received review k (performance.now()), NaN until it does. */
  arrivals: Float64Array[];
  delivered: Int32Array;
  /** reviewAdded blocks that named no review of this run, or one that had already arrived. */
  unexpected: number;
  controller: AbortController;
  reading: Promise<void>[];
}

/** `count` streams spread over the kiosk links' stream URLs (each link holds a limited number). */
function openStreams(urls: string[], count: number, reviews: number): Streams {
  const streams: Streams = {
    ready: 0,
    failed: 0,
    failures: new Map(),
    arrivals: Array.from({ length: reviews }, () => new Float64Array(count).fill(NaN)),
    delivered: new Int32Array(reviews),
    unexpected: 0,
    controller: new AbortController(),
    reading: [],
  };
  const fail = (reason: string, wasReady: boolean) => {
    if (wasReady) streams.ready -= 1;
    streams.failed += 1;
    streams.failures.set(reason, (streams.failures.get(reason) ?? 0) + 1);
  };
  for (let i = 0; i < count; i++) {
    streams.reading.push(
      (async () => {
        let isReady = false;
        try {
          const response = await fetch(urls[i % urls.length]!, { headers: { accept: 'text/event-stream' }, signal: streams.controller.signal });
          if (response.status !== 200 || !response.body) {
            fail(`HTTP ${response.status}`, false);
            await response.body?.cancel();
            return;
          }
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const now = performance.now();
            buffer += decoder.decode(value, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              // A published event starts with its id line.
              const named = block.replace(/^id: [^\n]*\n/, '');
              if (named.startsWith('event: reviewAdded')) {
                const k = Number(REVIEWER_PATTERN.exec(block)?.[1] ?? -1);
                const row = streams.arrivals[k];
                if (row && Number.isNaN(row[i]!)) {
                  row[i] = now;
                  streams.delivered[k]! += 1;
                } else {
                  streams.unexpected += 1;
                }
              } else if (!isReady && named.startsWith('event: data_update')) {
                isReady = true;
                streams.ready += 1;
              }
            }
          }
          if (!streams.controller.signal.aborted) fail('stream ended by the server', isReady);
        } catch (error) {
          if (streams.controller.signal.aborted) return;
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          fail(cause?.code ?? cause?.message ?? (error as Error).message, isReady);
        }
      })(),
    );
  }
  return streams;
}

async function closeStreams(streams: Streams): Promise<void> {
  streams.controller.abort();
  await Promise.race([Promise.allSettled(streams.reading), sleep(10_000)]);
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
  postP50: number;
  /** Per server (one or A, B): RSS before the clients connect, with them connected, after the reviews. */
  rss: { name: string; idle: number; connected: number; after: number }[];
  streamingCpuConnect: number;
  streamingCpuReviews: number;
  benchCpuReviews: number;
  serverErrors: string[];
}

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
      throw new Error(`Two mode only runs against a local PostgreSQL (127.0.0.1); TEST_DATABASE_URL points at ${adminUrl.hostname}`);
    }
    const name = `rc_bench_${randomBytes(4).toString('hex')}`;
    const admin = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} });
    cleanups.push(() => admin.end({ timeout: 5 }));
    await admin.unsafe(`CREATE DATABASE ${name}`);
    cleanups.push(() => admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${name}` }).href;
    const env = { DATABASE_URL: databaseUrl, APP_SECRET: randomBytes(24).toString('hex') };
    poster = await startServer('A', env);
    streaming = await startServer('B', env);
    servers.push({ name: 'A', server: poster }, { name: 'B', server: streaming });
  }

  try {
    // A workspace and an admin session (signed with the secret both instances share).
    const client = new Client(poster.url);
    const workspace = newWorkspace({ slug: `bench-${mode}-${process.pid}` });
    const registered = await client.post('/api/register', workspace);
    if (registered.status !== 201) throw new Error(`Registration failed: ${registered.status} ${registered.text}`);
    const unlocked = await client.post('/api/auth/admin', { password: workspace.adminPassword });
    if (unlocked.status !== 200) throw new Error(`Admin unlock failed: ${unlocked.status} ${unlocked.text}`);
    // Screens on TVs use kiosk links; each link holds STREAMS_PER_KIOSK_LINK streams at most.
    const streamUrls: string[] = [];
    for (let i = 0; i < Math.ceil(CLIENTS / STREAMS_PER_KIOSK_LINK); i++) {
      const link = await client.post('/api/admin/kiosk-links', { label: `Bench TV ${i + 1}` });
      if (link.status !== 201) throw new Error(`Kiosk link failed: ${link.status} ${link.text}`);
      streamUrls.push(`${streaming.url}/api/kiosk/${String(link.json.url).split('/wall/')[1]}/events`);
    }

    await sleep(500);
    const idle = servers.map(({ server }) => rssMiB(server.child.pid));

    // N streams, all opened at once (as after a deploy, when every screen reconnects).
    const cpuBeforeConnect = cpuSeconds(streaming.child.pid);
    const connectStart = performance.now();
    const streams = openStreams(streamUrls, CLIENTS, REVIEWS);
    cleanups.push(() => closeStreams(streams));
    const allReady = await waitUntil(() => streams.ready + streams.failed >= CLIENTS, CONNECT_TIMEOUT_MS);
    const connectMs = performance.now() - connectStart;
    const streamingCpuConnect = cpuSeconds(streaming.child.pid) - cpuBeforeConnect;
    const streamingPort = Number(new URL(streaming.url).port);
    const connections = establishedTo(streamingPort);
    if (!allReady) {
      console.error(`  only ${streams.ready} of ${CLIENTS} streams received their first data_update within ${CONNECT_TIMEOUT_MS / 1000} s`);
    }
    if (streams.failed) console.error(`  ${streams.failed} streams failed to open: ${JSON.stringify(Object.fromEntries(streams.failures))}`);
    await sleep(500);
    const connected = servers.map(({ server }) => rssMiB(server.child.pid));
    console.log(
      `  ${streams.ready} of ${CLIENTS} streams ready in ${secs(connectMs)}; ${connections} TCP connections held to port ${streamingPort}`,
    );

    // K reviews, one at a time: the next one once every client has the previous one (or it timed
    // out), and at least SPACING_MS after it.
    const t0s: number[] = [];
    const postTimes: number[] = [];
    const cpuBeforeReviews = cpuSeconds(streaming.child.pid);
    const benchCpuBefore = process.cpuUsage();
    for (let k = 0; k < REVIEWS; k++) {
      const t0 = performance.now();
      t0s.push(t0);
      const res = await client.post('/api/test-review', {
        reviewerName: `${REVIEWER_PREFIX}${k}`,
        rating: 5,
        reviewText: `Benchmark review ${k}`,
        source: 'google',
      });
      postTimes.push(performance.now() - t0);
      if (res.status !== 201) throw new Error(`POST /api/test-review answered ${res.status}: ${res.text}`);
      const expected = () => CLIENTS - streams.failed;
      await waitUntil(() => streams.delivered[k]! >= expected(), DELIVERY_TIMEOUT_MS);
      const wait = t0 + SPACING_MS - performance.now();
      if (wait > 0 && k < REVIEWS - 1) await sleep(wait);
    }
    // Late arrivals still count as delivered (with their latency), within the delivery timeout.
    await waitUntil(() => streams.delivered[REVIEWS - 1]! >= CLIENTS - streams.failed, 1000);
    const streamingCpuReviews = cpuSeconds(streaming.child.pid) - cpuBeforeReviews;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const after = servers.map(({ server }) => rssMiB(server.child.pid));

    const latencies: number[] = [];
    for (let k = 0; k < REVIEWS; k++) {
      for (const arrival of streams.arrivals[k]!) if (!Number.isNaN(arrival)) latencies.push(arrival - t0s[k]!);
    }
    latencies.sort((a, b) => a - b);
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
      failedStreams: streams.failed,
      failures: JSON.stringify(Object.fromEntries(streams.failures)),
      unexpected: streams.unexpected,
      connections,
      connectMs,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? NaN,
      postP50: percentile(postTimes, 0.5),
      rss: servers.map(({ name }, i) => ({ name, idle: idle[i]!, connected: connected[i]!, after: after[i]! })),
      streamingCpuConnect,
      streamingCpuReviews,
      benchCpuReviews: (benchCpu.user + benchCpu.system) / 1e6,
      serverErrors,
    };
  } finally {
    // This run's streams, servers, database and folder, newest first.
    await drain(runCleanups);
  }
}

// ---- main ---------------------------------------------------------------------------------------

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`Load average before: ${load()} (the figures depend on what else the machine is running)`);
const results: Result[] = [];
let exitCode = 0;
try {
  for (const mode of MODES) {
    console.log(
      mode === 'single'
        ? `One instance (embedded database): ${CLIENTS} clients, ${REVIEWS} reviews...`
        : `Two instances on one PostgreSQL (clients on B, reviews posted to A): ${CLIENTS} clients, ${REVIEWS} reviews...`,
    );
    results.push(await run(mode));
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp();
}

if (results.length) {
  const header = ['mode', 'clients', 'reviews', 'deliveries', 'missed', 'p50', 'p99', 'max', 'connect', 'RSS idle', 'RSS clients', 'RSS after'];
  const rows = results.flatMap((r) =>
    r.rss.map((m, i) => [
      i === 0 ? (r.mode === 'single' ? 'one instance' : 'two instances') : '',
      i === 0 ? String(r.clients) : '',
      i === 0 ? String(r.reviews) : '',
      i === 0 ? String(r.deliveries) : '',
      i === 0 ? String(r.missed) : '',
      i === 0 ? ms(r.p50) : '',
      i === 0 ? ms(r.p99) : '',
      i === 0 ? ms(r.max) : '',
      i === 0 ? secs(r.connectMs) : '',
      `${r.rss.length > 1 ? `${m.name} ` : ''}${mib(m.idle)}`,
      `${r.rss.length > 1 ? `${m.name} ` : ''}${mib(m.connected)}`,
      `${r.rss.length > 1 ? `${m.name} ` : ''}${mib(m.after)}`,
    ]),
  );
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  console.log('');
  for (const r of results) {
    const name = r.mode === 'single' ? 'one instance' : 'two instances';
    console.log(
      `${name}: POST /api/test-review p50 ${ms(r.postP50)}; streaming server CPU ${r.streamingCpuConnect.toFixed(2)} s while connecting ` +
        `(${((r.streamingCpuConnect * 1000) / r.clients).toFixed(1)} ms a connection), ` +
        `${r.streamingCpuReviews.toFixed(2)} s over the reviews; bench client CPU ${r.benchCpuReviews.toFixed(2)} s over the reviews; ` +
        `${r.connections} TCP connections held`,
    );
    if (r.failedStreams) console.log(`${name}: ${r.failedStreams} streams failed: ${r.failures}`);
    if (r.unexpected) console.log(`${name}: ${r.unexpected} unexpected or duplicate reviewAdded events`);
    if (r.serverErrors.length) console.log(`${name}: server log lines that look like errors:\n  ${r.serverErrors.slice(0, 10).join('\n  ')}`);
    if (r.missed > 0 || r.failedStreams > 0) exitCode = 1;
  }
  console.log(`Load average after: ${load()}`);
  if (exitCode) console.error('\nSome deliveries were missed or some streams failed.');
}
if (results.length < MODES.length) exitCode = 1;
process.exit(exitCode);

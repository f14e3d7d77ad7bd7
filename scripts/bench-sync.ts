// `npm run bench:sync`: the Google reviews sync on a location with thousands of reviews. It should
// page through them (50 a page) without holding them all in memory.
//
// For each size N, in a fresh child process (so no run inherits the heap of the one before):
//   - the fake Google (tests/fakes/google-server.ts) with N reviews runs in a worker thread. The
//     reviews it holds, and the garbage it makes answering (each page sorts a copy of the whole
//     list), are then in another V8 heap and not in the figures below.
//   - a runtime on a fresh embedded database (PGlite) in a temporary DATA_DIR, one workspace on the
//     team plan, connected: a refresh token the fake knows, the account and location ids.
//   - a first sync (every review new), then a second (nothing new, every review read again).
//
// Memory is the main thread's V8 heap (heapUsed: the sync, drizzle, PGlite's JavaScript side) over a
// baseline taken after a full GC just before each sync, the fake already populated. Reported:
//   peak:            the highest heapUsed, from samples every 20 ms and from v8.GCProfiler's size
//                    just before each GC. A timer alone would not do: PGlite runs each query
//                    synchronously and its promises resolve as microtasks, so between two page
//                    fetches the event loop never reaches the timers. The bench therefore also samples,
//                    at most once per 20 ms, as each PGlite protocol message starts (a wrapper on this
//                    one PGlite instance; nothing in src/ changes).
//   after full GCs:  the largest heap a mark-compact GC during the sync left (roughly what was alive).
//   retained:        the heap a full GC after the sync leaves.
//   RSS:             the whole process, so PGlite's WebAssembly memory and the worker are in it too.
//
// Options (arguments win over the environment):
//   --sizes N,N,...   BENCH_SYNC_SIZES     location sizes (default 1000,5000,10000)
//   --timeout S       BENCH_SYNC_TIMEOUT   each size is stopped after S seconds (default 300)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GCProfiler, getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { loadAverage } from './lib/bench-run.ts';

const CHILD_FLAG = '--bench-sync-child';
const RESULT_PREFIX = 'BENCH_SYNC_RESULT ';
const PAGE_SIZE = 50;
const SAMPLE_MS = 20;

interface SyncFigures {
  ms: number;
  pages: number;
  added: number;
  updated: number;
  removed: number;
  samples: number;
  baselineHeap: number;
  /** Highest heapUsed over the baseline: the samples and the size just before each GC (v8.GCProfiler). */
  peakHeapGrowth: number;
  scavenges: number;
  /** Mean heap a scavenge freed: the short-lived garbage that builds up between two. */
  scavengeFreed: number;
  fullGcs: number;
  /** Main-thread time spent in GC during the sync (the profiler's cost). */
  gcMs: number;
  /** The largest heap a full (mark-compact) GC during the sync left, over the baseline; null without one. */
  liveHeapGrowth: number | null;
  retainedHeap: number;
  baselineRss: number;
  peakRssGrowth: number;
}

interface GcEntry {
  gcType: string;
  /** Microseconds. */
  cost: number;
  beforeGC: { heapStatistics: { usedHeapSize: number } };
  afterGC: { heapStatistics: { usedHeapSize: number } };
}

interface Result {
  n: number;
  first: SyncFigures;
  second: SyncFigures;
  /** The fake's heap (worker thread) with its N reviews, after a full GC there. */
  fakeHeap: number;
  /** The main thread's young generation (new space) at the end: garbage up to about this much builds up between scavenges. */
  youngGeneration: number;
}

// Messages between the child's main thread and the fake's worker.
type ToFake = { type: 'count' } | { type: 'close' };
type FromFake =
  | {
      type: 'ready';
      url: string;
      clientId: string;
      clientSecret: string;
      accountId: string;
      locationId: string;
      refreshToken: string;
      fakeHeap: number;
    }
  | { type: 'count'; v4: number }
  | { type: 'closed' };

/** The few numbers the bench keeps from a v8.GCProfiler profile. */
function summariseGcs(profile: ReturnType<GCProfiler['stop']>) {
  const gcs = (profile?.statistics ?? []) as unknown as GcEntry[];
  const used = (g: GcEntry, when: 'beforeGC' | 'afterGC') => g[when].heapStatistics.usedHeapSize;
  const scavenges = gcs.filter((g) => g.gcType === 'Scavenge');
  const fullGcs = gcs.filter((g) => g.gcType === 'MarkSweepCompact');
  return {
    peak: Math.max(0, ...gcs.map((g) => used(g, 'beforeGC'))),
    scavenges: scavenges.length,
    scavengeFreed: scavenges.length ? scavenges.reduce((sum, g) => sum + used(g, 'beforeGC') - used(g, 'afterGC'), 0) / scavenges.length : NaN,
    fullGcs: fullGcs.length,
    largestAfterFull: Math.max(0, ...fullGcs.map((g) => used(g, 'afterGC'))),
    ms: gcs.reduce((sum, g) => sum + g.cost, 0) / 1000,
  };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const signedMib = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mib(bytes)}`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sleep = (ms: number, keepAlive = true) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (!keepAlive) timer.unref();
  });

/** A full GC on demand, without a command-line flag (the npm script runs plain `node`). */
function gcFunction(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

if (!isMainThread) {
  await fakeWorker();
} else if (process.argv.includes(CHILD_FLAG)) {
  await child(Number(process.argv[process.argv.indexOf(CHILD_FLAG) + 1]));
} else {
  await orchestrate();
}

// ---- the fake Google, in a worker thread -----------------------------------------------------

async function fakeWorker(): Promise<void> {
  const { startFakeGoogle, BUSINESS_MANAGE_SCOPE } = await import('../tests/fakes/google-server.ts');
  const gc = gcFunction();
  const port = parentPort!;
  const fake = await startFakeGoogle({ reviews: (workerData as { reviews: number }).reviews });
  const refreshToken = `1//0gBenchRefresh${randomBytes(30).toString('base64url')}`;
  fake.state.refreshTokens.set(refreshToken, { scope: BUSINESS_MANAGE_SCOPE, revoked: false });
  const idOf = (name: string) => name.slice(name.lastIndexOf('/') + 1);
  gc();
  const post = (message: FromFake) => port.postMessage(message);
  port.on('message', (message: ToFake) => {
    if (message.type === 'count') post({ type: 'count', v4: fake.calls('/v4/').length });
    else if (message.type === 'close') {
      void fake.close().then(() => {
        post({ type: 'closed' });
        port.close();
      });
    }
  });
  post({
    type: 'ready',
    url: fake.url,
    clientId: fake.state.clientId,
    clientSecret: fake.state.clientSecret,
    accountId: idOf(fake.account.name),
    locationId: idOf(fake.location.name),
    refreshToken,
    fakeHeap: process.memoryUsage().heapUsed,
  });
}

// ---- one size, in a child process ---------------------------------------------------------------

async function child(n: number): Promise<void> {
  const [{ PGlite }, { loadConfig }, { createRuntime }, { pgliteDatabase }, { registerWorkspace }, { putSetting }, connection, { syncWorkspace }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('#platform/config.ts'),
      import('#app/runtime.ts'),
      import('#platform/db/pglite.ts'),
      import('#domain/workspace/workspaces.ts'),
      import('#domain/workspace/settings.ts'),
      import('#domain/integrations/google/connection.ts'),
      import('#domain/integrations/google/sync.ts'),
    ]);
  type Runtime = Awaited<ReturnType<typeof createRuntime>>;
  const gc = gcFunction();
  const sampler: { onQuery?: () => void } = {};

  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const cleanUp = async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        console.error('Clean-up step failed:', error);
      }
    }
  };
  let stopping = false;
  const bail = (code: number) => {
    stopping = true;
    const hardStop = setTimeout(() => process.exit(code), 10_000);
    hardStop.unref();
    void cleanUp().then(() => process.exit(code));
  };
  process.once('SIGINT', () => bail(130));
  process.once('SIGTERM', () => bail(143));

  try {
    // The fake, with its N reviews, in its own V8 heap.
    const worker = new Worker(new URL(import.meta.url), { workerData: { reviews: n } });
    const replies: FromFake[] = [];
    const waiting: ((message: FromFake) => void)[] = [];
    worker.on('message', (message: FromFake) => {
      const resolve = waiting.shift();
      if (resolve) resolve(message);
      else replies.push(message);
    });
    const workerFailed = new Promise<never>((_, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The fake's worker exited (code ${code})`)));
    });
    workerFailed.catch(() => {});
    const next = <T extends FromFake['type']>(type: T): Promise<Extract<FromFake, { type: T }>> =>
      Promise.race([new Promise<FromFake>((resolve) => (replies.length ? resolve(replies.shift()!) : waiting.push(resolve))), workerFailed]).then((message) => {
        if (message.type !== type) throw new Error(`Expected ${type} from the fake, got ${message.type}`);
        return message as Extract<FromFake, { type: T }>;
      });
    cleanups.push(() => worker.terminate());
    const fake = await next('ready');
    cleanups.push(async () => {
      worker.postMessage({ type: 'close' } satisfies ToFake);
      await Promise.race([next('closed'), sleep(5000, false)]);
    });
    const v4Calls = async () => {
      worker.postMessage({ type: 'count' } satisfies ToFake);
      return (await next('count')).v4;
    };

    // A runtime on a fresh embedded database.
    const dataDir = mkdtempSync(join(tmpdir(), 'rc-bench-sync-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { fakeGoogleEnv } = await import('../tests/fakes/google-server.ts');
    const config = loadConfig({
      ...fakeGoogleEnv(fake.url, fake.clientId, fake.clientSecret),
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(24).toString('hex'),
      DEFAULT_PLAN: 'team',
      // The bench measures the sync's own work, not the pace kept for Google's quota.
      GOOGLE_API_REQUESTS_PER_MINUTE: '100000',
    });
    // As openPgliteFolder opens it (the folder is this run's own, so without its lock), with the sampling hook.
    const pg = await PGlite.create(join(dataDir, 'pglite'));
    const execProtocolStream = pg.execProtocolStream.bind(pg);
    pg.execProtocolStream = ((...args: Parameters<typeof execProtocolStream>) => {
      sampler.onQuery?.();
      return execProtocolStream(...args);
    }) as typeof pg.execProtocolStream;
    const database = pgliteDatabase(pg);
    let runtime: Runtime;
    try {
      runtime = await createRuntime(config, database);
    } catch (error) {
      await database.close();
      throw error;
    }
    cleanups.push(() => runtime.close());
    const db = runtime.database.db;

    const workspace = await registerWorkspace(
      db,
      { slug: `bench-sync-${n}`, businessName: `Bench ${n}`, email: 'bench@example.com', password: 'staff-password-1', adminPassword: 'admin-password-1' },
      'team',
    );
    if (!workspace) throw new Error('Could not register the workspace');
    await connection.storeRefreshToken(db, workspace.id, fake.refreshToken, runtime.secretKey);
    await putSetting(db, workspace.id, connection.ACCOUNT_ID_KEY, fake.accountId);
    await putSetting(db, workspace.id, connection.LOCATION_ID_KEY, fake.locationId);

    const timedSync = async (): Promise<SyncFigures> => {
      gc();
      await sleep(50);
      gc();
      const base = process.memoryUsage();
      let peakHeap = base.heapUsed;
      let peakRss = base.rss;
      let samples = 0;
      let lastSample = 0;
      const sample = () => {
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakRss = Math.max(peakRss, now.rss);
        samples += 1;
        lastSample = performance.now();
      };
      const callsBefore = await v4Calls();
      const timer = setInterval(sample, SAMPLE_MS);
      sampler.onQuery = () => {
        if (performance.now() - lastSample >= SAMPLE_MS) sample();
      };
      const profiler = new GCProfiler();
      profiler.start();
      const start = performance.now();
      let outcome: Awaited<ReturnType<typeof syncWorkspace>>;
      let ms: number;
      try {
        outcome = await syncWorkspace(runtime, workspace);
        ms = performance.now() - start;
      } finally {
        clearInterval(timer);
        sampler.onQuery = undefined;
      }
      // Only numbers are kept: the profile itself (thousands of objects) would count as retained.
      const gcStats = summariseGcs(profiler.stop());
      peakHeap = Math.max(peakHeap, gcStats.peak);
      sample();
      if (outcome.status !== 'done') throw new Error(`The sync did not finish: ${JSON.stringify(outcome)}`);
      const pages = (await v4Calls()) - callsBefore;
      gc();
      await sleep(50);
      gc();
      return {
        ms,
        pages,
        added: outcome.added,
        updated: outcome.updated,
        removed: outcome.removed,
        samples,
        baselineHeap: base.heapUsed,
        peakHeapGrowth: peakHeap - base.heapUsed,
        scavenges: gcStats.scavenges,
        scavengeFreed: gcStats.scavengeFreed,
        fullGcs: gcStats.fullGcs,
        gcMs: gcStats.ms,
        liveHeapGrowth: gcStats.fullGcs ? gcStats.largestAfterFull - base.heapUsed : null,
        retainedHeap: process.memoryUsage().heapUsed - base.heapUsed,
        baselineRss: base.rss,
        peakRssGrowth: peakRss - base.rss,
      };
    };

    const first = await timedSync();
    if (first.added !== n) throw new Error(`The first sync added ${first.added} reviews, not ${n}`);
    const second = await timedSync();
    if (second.added || second.updated || second.removed) throw new Error(`The second sync changed something: ${JSON.stringify(second)}`);

    const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    const result: Result = { n, first, second, fakeHeap: fake.fakeHeap, youngGeneration: newSpace?.space_size ?? NaN };
    console.log(RESULT_PREFIX + JSON.stringify(result));
  } catch (error) {
    // Once a signal closed the database, the sync's error is only that.
    if (!stopping) console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

// ---- the run over every size ---------------------------------------------------------------------

async function orchestrate(): Promise<void> {
  const { values: args } = parseArgs({ options: { sizes: { type: 'string' }, timeout: { type: 'string' } } });
  const sizesRaw = args.sizes ?? process.env.BENCH_SYNC_SIZES ?? '1000,5000,10000';
  const sizes = sizesRaw.split(',').map((s) => Number(s.trim()));
  if (!sizes.length || sizes.some((s) => !Number.isInteger(s) || s < 1)) {
    console.error(`--sizes must be whole numbers of at least 1, separated by commas (got "${sizesRaw}")`);
    process.exit(2);
  }
  const timeoutRaw = args.timeout ?? process.env.BENCH_SYNC_TIMEOUT ?? '300';
  const timeoutS = Number(timeoutRaw);
  if (!Number.isInteger(timeoutS) || timeoutS < 10) {
    console.error(`--timeout must be a whole number of seconds, at least 10 (got "${timeoutRaw}")`);
    process.exit(2);
  }

  // Ctrl-C reaches the child too (same process group); a signal sent to this process alone is passed on.
  let interrupted = false;
  let current: ChildProcess | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping the run in progress (it cleans up after itself)...`);
      current?.kill(signal);
    });
  }
  const runChild = (n: number, timeoutS: number) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; timedOut: boolean }>((resolve, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), CHILD_FLAG, String(n)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      current = child;
      let stdout = '';
      let timedOut = false;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }, timeoutS * 1000);
      child.once('error', reject);
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        current = undefined;
        resolve({ code, signal, stdout, timedOut });
      });
    });
  console.log(`Load average before: ${loadAverage()} (the figures depend on what else the machine is running)`);
  const results: Result[] = [];
  let exitCode = 0;
  for (const n of sizes) {
    console.log(`${n} reviews: a fresh process, database and fake Google; first sync, then a second...`);
    const run = await runChild(n, timeoutS);
    const line = run.stdout.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
    if (interrupted) break;
    if (run.timedOut || run.code !== 0 || !line) {
      console.error(
        run.timedOut ? `  ${n} reviews: stopped after ${timeoutS} s` : `  ${n} reviews: the run failed (exit ${run.code ?? `signal ${run.signal}`})`,
      );
      exitCode = 1;
      continue;
    }
    results.push(JSON.parse(line.slice(RESULT_PREFIX.length)) as Result);
  }

  if (results.length) {
    const both = (r: Result, pick: (f: SyncFigures) => string) => `${pick(r.first)} / ${pick(r.second)}`;
    const header = [
      'reviews',
      'pages',
      'first sync',
      'reviews/s',
      'second sync',
      'peak heap + (1st / 2nd)',
      'after full GCs + (1st / 2nd)',
      'retained (1st / 2nd)',
      'peak RSS + (1st / 2nd)',
    ];
    const rows = results.map((r) => [
      r.n.toLocaleString('en-US'),
      both(r, (f) => String(f.pages)),
      secs(r.first.ms),
      String(Math.round((r.n * 1000) / r.first.ms)),
      secs(r.second.ms),
      both(r, (f) => mib(f.peakHeapGrowth)),
      both(r, (f) => (f.liveHeapGrowth === null ? 'none' : mib(f.liveHeapGrowth))),
      both(r, (f) => signedMib(f.retainedHeap)),
      both(r, (f) => mib(f.peakRssGrowth)),
    ]);
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
    const format = (cells: string[]) => cells.map((cell, c) => cell.padStart(widths[c]!)).join('  ');
    console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    for (const row of rows) console.log(format(row));
    console.log('');
    for (const r of results) {
      console.log(
        `${r.n} reviews: ${Math.ceil(r.n / PAGE_SIZE)} pages of ${PAGE_SIZE} expected; main-thread heap before the first sync ` +
          `${mib(r.first.baselineHeap)} (after a full GC), RSS ${mib(r.first.baselineRss)}; V8 new space ${mib(r.youngGeneration)}; ` +
          `GCs during the syncs: ${both(r, (f) => `${f.scavenges} scavenges (${mib(f.scavengeFreed)} freed each on average), ${f.fullGcs} full, ${secs(f.gcMs)} in GC`)}; ` +
          `${both(r, (f) => String(f.samples))} samples; the fake's own heap with its reviews ${mib(r.fakeHeap)} (worker thread, not counted).`,
      );
    }
    console.log(
      "\nHeap figures are the main thread's V8 heap (the sync, drizzle, PGlite's JavaScript side) over a baseline taken after\n" +
        'a full GC just before each sync. The fake Google runs in a worker thread, so the reviews it holds are not counted.\n' +
        'Peak: the highest heap seen (20 ms samples and the size before each GC); it is mostly short-lived garbage waiting\n' +
        'for the next scavenge. After full GCs: the largest heap a mark-compact during the sync left. Retained: what a full\n' +
        "GC after the sync leaves. RSS is the whole process, PGlite's WebAssembly memory and the worker included.",
    );
    console.log(`Load average after: ${loadAverage()}`);
  }
  if (results.length < sizes.length) exitCode = 1;
  process.exit(exitCode);
}

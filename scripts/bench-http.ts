// `npm run bench:http`: the product's /api/dashboard, /{slug} and / against a bare node:http + SQL
// baseline (scripts/lib/bare-http-baseline.ts) in the same run, on the embedded database and, when
// TEST_DATABASE_URL or DATABASE_URL is set, on PostgreSQL too.
//
// For each database: one workspace with a few teams and reviews, signed in as admin. The product and
// the baseline then take turns (the order swaps every round) at each path: N keep-alive connections
// asking one after the other for a few seconds. It prints each side's requests a second, the ratio of
// their medians, the bytes on the wire per answer, each side's CPU a request (its process, from
// /proc: on the embedded database that is all of it; on PostgreSQL the database's backends are left
// out), and the load average before and after.
//
//   --connections N   concurrent keep-alive connections (default 16)
//   --seconds S       length of one run (default 3)
//   --rounds R        runs of each side at each path (default 3)
//   --encoding E      br | gzip | identity: the Accept-Encoding sent (default br, as browsers get)
//   --only M          embedded | postgres
//   --profile         the product writes a CPU profile of its whole run (setup included) to a folder
//                     printed at the end; its CPU figures then include the profiler's cost
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { Client, newWorkspace } from '../tests/helpers/client.ts';
import { freePort, spawnServer } from '../tests/helpers/server-process.ts';
import { loadAverage, processCpuSeconds } from './lib/bench-run.ts';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string' },
    seconds: { type: 'string' },
    rounds: { type: 'string' },
    encoding: { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'boolean' },
  },
});
const CONNECTIONS = Number(args.connections ?? 16);
const SECONDS = Number(args.seconds ?? 3);
const ROUNDS = Number(args.rounds ?? 3);
const ENCODING = args.encoding ?? 'br';
const ACCEPT = ENCODING === 'identity' ? 'identity' : ENCODING === 'gzip' ? 'gzip' : 'gzip, deflate, br, zstd';
const POSTGRES_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
const MODES = (['embedded', 'postgres'] as const).filter((m) => (m === 'postgres' ? POSTGRES_URL !== '' : true) && (!args.only || args.only === m));
const ROOT = new URL('..', import.meta.url).pathname;
const PROFILE_DIR = args.profile ? mkdtempSync(join(tmpdir(), 'rc-bench-http-profiles-')) : undefined;

interface Target {
  url: string;
  headers: Record<string, string>;
  /** The serving process, whose CPU is read. */
  pid: number;
}

/** One exchange; resolves with the bytes received, rejects on anything but a 200. */
function exchange(agent: Agent, target: Target, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(target.url + path, { agent, headers: { ...target.headers, 'accept-encoding': ACCEPT } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${path} answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Requests a second over `seconds` with `CONNECTIONS` keep-alive connections, bytes per answer, and the serving process's CPU a request. */
async function hammer(target: Target, path: string, seconds: number): Promise<{ rps: number; bytes: number; cpu: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const cpuBefore = processCpuSeconds(target.pid);
  let count = 0;
  let bytes = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        bytes = await exchange(agent, target, path);
        count++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return { rps: count / elapsed, bytes, cpu: ((processCpuSeconds(target.pid) - cpuBefore) * 1000) / count };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function startBaseline(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/lib/bare-http-baseline.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the baseline exited (${code})`)));
  });
}

async function benchMode(mode: 'embedded' | 'postgres') {
  const cleanups: (() => unknown)[] = [];
  let product: ReturnType<typeof spawnServer> | undefined;
  let baseline: ChildProcess | undefined;
  try {
    const work = mkdtempSync(join(tmpdir(), 'rc-bench-http-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const dataDir = join(work, 'product');
    let dbEnv: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
    if (mode === 'postgres') {
      const name = `rc_bench_http_${randomBytes(4).toString('hex')}`;
      const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`CREATE DATABASE ${name}`);
      cleanups.unshift(async () => {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end({ timeout: 5 });
      });
      dbEnv = { DATABASE_URL: Object.assign(new URL(POSTGRES_URL), { pathname: `/${name}` }).href };
    }
    // One secret for both: the baseline checks the product's session cookie.
    dbEnv.APP_SECRET = randomBytes(24).toString('hex');
    const productEnv = { ...dbEnv, PORT: String(await freePort()) };
    product = spawnServer(productEnv, undefined, { asStarted: true, profileDir: PROFILE_DIR });
    cleanups.unshift(() => product!.stop());
    await product.ready();

    // A workspace with teams and reviews, and an admin session.
    const workspace = newWorkspace();
    const client = new Client(product.url, { origin: product.url });
    if ((await client.post('/api/register', workspace)).status !== 201) throw new Error('could not register');
    await client.post('/api/auth/admin', { password: workspace.adminPassword });
    for (const [name, color] of [
      ['Front Desk', '#10B981'],
      ['Advisors', '#3B82F6'],
      ['Tax Team', '#F59E0B'],
      ['Payroll', '#EF4444'],
    ])
      await client.post('/api/teams', { name, color });
    for (let i = 0; i < 24; i++)
      await client.post('/api/test-review', {
        reviewerName: `Reviewer ${i} Person`,
        rating: 1 + (i % 5),
        reviewText: `Benchmark review number ${i}, with a sentence or two of text.`,
        source: 'google',
      });
    const cookie = `rc_session=${client.cookie('rc_session')}`;

    // The bytes the baseline sends: the product's own answers.
    const identity = async (path: string, headers: Record<string, string>) =>
      Buffer.from(await (await fetch(product!.url + path, { headers: { ...headers, 'accept-encoding': 'identity' } })).arrayBuffer());
    writeFileSync(join(work, 'landing.html'), await identity('/', {}));
    writeFileSync(join(work, 'wallboard.html'), await identity(`/${workspace.slug}`, { cookie }));

    let baselineDb = dbEnv;
    if (mode === 'embedded') {
      // PGlite is one process's: the baseline gets a copy of the folder, taken while the product is stopped.
      await product.stop();
      const copy = join(work, 'baseline');
      cpSync(dataDir, copy, { recursive: true, filter: (src) => !src.endsWith('server.lock.sqlite') });
      baselineDb = { DATA_DIR: copy, DATABASE_URL: '' };
      product = spawnServer(productEnv, undefined, { asStarted: true, profileDir: PROFILE_DIR });
      await product.ready();
    }
    const productTarget: Target = { url: product.url, headers: { cookie }, pid: product.child.pid! };
    const anonymous: Target = { ...productTarget, headers: {} };
    // The product still writes its request log to its stdout pipe, but this process (the load
    // generator) no longer keeps it in strings: that cost would be charged to the product's runs.
    // Its stderr (a crash's stack) is still kept.
    product.child.stdout!.removeAllListeners('data');
    product.child.stdout!.resume();
    const baselinePort = String(await freePort());
    baseline = await startBaseline({
      ...baselineDb,
      APP_SECRET: dbEnv.APP_SECRET!,
      PORT: baselinePort,
      SLUG: workspace.slug,
      LANDING_FILE: join(work, 'landing.html'),
      WALLBOARD_FILE: join(work, 'wallboard.html'),
    });
    cleanups.unshift(() => baseline!.kill());
    const baselineTarget: Target = { url: `http://127.0.0.1:${baselinePort}`, headers: { cookie }, pid: baseline.pid! };
    const baselineAnonymous: Target = { ...baselineTarget, headers: {} };

    const paths = [
      { label: '/api/dashboard', path: '/api/dashboard', product: productTarget, baseline: baselineTarget },
      { label: '/{slug}', path: `/${workspace.slug}`, product: productTarget, baseline: baselineTarget },
      { label: '/', path: '/', product: anonymous, baseline: baselineAnonymous },
    ];
    const loadBefore = loadAverage();
    console.log(
      `\n${mode === 'embedded' ? 'Embedded database (PGlite)' : 'PostgreSQL'}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, Accept-Encoding "${ACCEPT}"; load average ${loadBefore}`,
    );
    const results = [];
    for (const { label, path, product: target, baseline: baselineSide } of paths) {
      // Warm both up (JIT, caches, the landing page's first render).
      await hammer(target, path, 1);
      await hammer(baselineSide, path, 1);
      const productRps: number[] = [];
      const baselineRps: number[] = [];
      const productCpu: number[] = [];
      const baselineCpu: number[] = [];
      let productBytes = 0;
      let baselineBytes = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['product', 'baseline'] as const) : (['baseline', 'product'] as const);
        for (const side of order) {
          const r = await hammer(side === 'product' ? target : baselineSide, path, SECONDS);
          if (side === 'product') productRps.push(r.rps), productCpu.push(r.cpu), (productBytes = r.bytes);
          else baselineRps.push(r.rps), baselineCpu.push(r.cpu), (baselineBytes = r.bytes);
        }
      }
      const row = {
        label,
        product: median(productRps),
        baseline: median(baselineRps),
        productBytes,
        baselineBytes,
        productRuns: productRps,
        baselineRuns: baselineRps,
        productCpu: median(productCpu),
        baselineCpu: median(baselineCpu),
      };
      results.push(row);
      console.log(
        `${label.padEnd(15)} product ${row.product.toFixed(0).padStart(6)} req/s (${productRps.map((r) => r.toFixed(0)).join(', ')}; ${productBytes} B)` +
          `   baseline ${row.baseline.toFixed(0).padStart(6)} req/s (${baselineRps.map((r) => r.toFixed(0)).join(', ')}; ${baselineBytes} B)` +
          `   ratio ${(row.product / row.baseline).toFixed(2)}; CPU a request ${row.productCpu.toFixed(2)} vs ${row.baselineCpu.toFixed(2)} ms`,
      );
    }
    console.log(`load average after: ${loadAverage()}`);
    return results;
  } catch (error) {
    // Say which side went away, and why.
    if (product && product.child.exitCode !== null) console.error(`The product exited (${product.child.exitCode}):\n${product.output().slice(-4000)}`);
    if (product?.child.signalCode) console.error(`The product was killed (${product.child.signalCode})`);
    if (baseline && (baseline.exitCode !== null || baseline.signalCode)) console.error(`The baseline exited (${baseline.exitCode ?? baseline.signalCode})`);
    throw error;
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

for (const mode of MODES) await benchMode(mode);
// On the embedded database the product is started again for the measured rounds (the larger profile);
// on PostgreSQL its one profile holds the set-up too.
if (PROFILE_DIR) console.log(`CPU profiles of the product: ${PROFILE_DIR}`);

// `npm run bench:start`: how long a server takes from being spawned to its first answer, as a person
// running `npm start` (after the build) or a test starting a server waits for it.
//   - fresh: main.ts started as `npm start` starts it (scripts/lib/start-flags.ts) on a new, empty data
//     folder, polled every 10 ms on /api/auth/status until it answers 200; --runs times (default 5).
//   - restart: the same server started again on the folder the fresh run left.
//   - postgres: with TEST_DATABASE_URL or DATABASE_URL, a server on a new, empty PostgreSQL database.
// For each start, where the time went, from the server's own "is running" log line: loading the
// modules (Node's start, type stripping and resolving imports), opening the database (for a new
// folder, copying the build's template: src/platform/db/pglite-template.ts), migrations and the job queue,
// loading the built app, listening. The time to first answer also counts the spawn and the first
// request. Everything runs in this machine's processes: the figure is the whole wait, and the load
// average is printed because a busy machine stretches it.
// Options: --runs N; --checkout DIR runs the server of another checkout as its own `npm start` would
// (its build, template and start command; this one's node_modules when it has none), to compare two
// versions on one machine.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { startCommand } from './lib/start-flags.ts';
import { loadAverage } from './lib/bench-run.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, checkout: { type: 'string' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number from 1');
const root = new URL('..', import.meta.url).pathname;
const checkout = values.checkout ? resolve(values.checkout) : root;
if (!existsSync(join(checkout, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(checkout, 'node_modules'));
if (!existsSync(join(checkout, 'dist/server/entry.mjs'))) throw new Error(`${checkout} is not built: run its build first`);

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
const start = startCommand(checkout);

interface Start {
  firstAnswerMs: number;
  /** The server's own account: ms since its process started when each step was done. */
  startup?: Record<string, number>;
}

async function timeStart(env: Record<string, string>): Promise<Start> {
  const port = String(4400 + Math.floor(Math.random() * 1000));
  const began = performance.now();
  const child = spawn(process.execPath, [...start.flags, 'main.ts'], {
    cwd: checkout,
    env: { ...process.env, ...start.env, HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'info', APP_SECRET: 'bench-start-secret-long-enough-0123456789', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((done) => child.once('exit', done));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited (code ${child.exitCode}):\n${output}`);
      if (performance.now() - began > 120_000) throw new Error(`No answer within 120 s:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/auth/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await pause(10);
    }
    const firstAnswerMs = Math.round(performance.now() - began);
    const running = output.split('\n').find((line) => line.includes('Review Challenge is running'));
    const startup = running ? (JSON.parse(running) as { startup?: Record<string, number> }).startup : undefined;
    return { firstAnswerMs, startup };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function summary(label: string, starts: Start[]): string {
  const sorted = starts.map((s) => s.firstAnswerMs).sort((a, b) => a - b);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const steps = starts[0]?.startup ? Object.keys(starts[0].startup) : [];
  // Each step's own duration (from the step before), the median over the runs.
  const durations = steps.map((step, i) => {
    const ms = median(starts.map((s) => s.startup![step]! - (i === 0 ? 0 : s.startup![steps[i - 1]!]!)));
    return `${step} +${ms}`;
  });
  return [
    `${label}: first answer median ${median(sorted)} ms, best ${sorted[0]} ms, worst ${sorted.at(-1)} ms (${sorted.join(', ')})`,
    steps.length ? `  where (median ms, each step after the one before): ${durations.join(', ')}` : '  (no start-up times in the log: an older version)',
  ].join('\n');
}

console.log(`Server start, ${runs} runs each; ${checkout === root ? 'this checkout' : checkout}. Load average before: ${loadAverage()}`);
const fresh: Start[] = [];
const restart: Start[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-bench-start-'));
  try {
    fresh.push(await timeStart({ DATA_DIR: dataDir, DATABASE_URL: '' }));
    restart.push(await timeStart({ DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(summary('embedded, a new data folder', fresh));
console.log(summary('embedded, a restart on that folder', restart));

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (postgresUrl) {
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  const onPostgres: Start[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const name = `rc_bench_start_${process.pid}_${i}`;
      await admin.unsafe(`CREATE DATABASE ${name}`);
      try {
        onPostgres.push(await timeStart({ DATABASE_URL: Object.assign(new URL(postgresUrl), { pathname: `/${name}` }).href }));
      } finally {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  } finally {
    await admin.end();
  }
  console.log(summary('PostgreSQL, a new database', onPostgres));
} else {
  console.log('PostgreSQL: skipped (set TEST_DATABASE_URL to measure a start on a new database too)');
}
console.log(`Load average after: ${loadAverage()}`);

// `npm run bench:memory`: what an idle server holds, and whether the memory settings (the embedded
// database's postgresql.conf in src/platform/db/pglite.ts, the Node flags of `npm start`) slow a dashboard load.
//   - idle RSS: main.ts (built) started as `npm start` starts it (scripts/lib/start-flags.ts) on a new data folder and, with
//     TEST_DATABASE_URL or DATABASE_URL, on PostgreSQL: started, the landing page asked once, then
//     15 s of rest; VmRSS. With --restart, the embedded server is started a second time on the same
//     folder (no initdb, no migrations) and measured again.
//   - dashboard: one workspace with 3 teams and 2,000 requests copied into one embedded database per
//     variant, each opened in a Node process of its own with that variant's flags: PostgreSQL's
//     default 128 MB of shared buffers, the product before issue 16's memory work (16 MB, V8's
//     defaults), and the product now; 20 dashboard loads a round, 8 rounds alternating; the median
//     ms a load, and each process's RSS after its rounds.
// Options: --flags="..." and --env="NAME=value ..." replace the start command's (both parts), to try
// others; --dashboard-only skips the idle part.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { loadDashboard } from '#domain/game/dashboard.ts';
import { PGLITE_SETTINGS, pgliteDatabase } from '#platform/db/pglite.ts';
import { findWorkspaceById } from '#domain/workspace/workspaces.ts';
import { startCommand, type StartCommand } from './lib/start-flags.ts';
import { seedDashboardWorkspace } from './lib/dashboard-seed.ts';
import { loadAverage } from './lib/bench-run.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const rssOf = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);

async function idleRss(label: string, start: StartCommand, env: Record<string, string>): Promise<string> {
  const port = String(4900 + Math.floor(Math.random() * 500));
  const child = spawn(process.execPath, [...start.flags, 'main.ts'], {
    env: { ...process.env, ...start.env, HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    // A first start runs initdb and the migrations: up to a minute on a busy machine.
    let healthy = false;
    for (let i = 0; i < 240 && !healthy && child.exitCode === null; i++) {
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await pause(250);
    }
    if (!healthy) throw new Error(`${label}: the server did not become healthy (exit code ${child.exitCode}): ${stderr}`);
    await fetch(`http://127.0.0.1:${port}/`).then((r) => r.arrayBuffer());
    await pause(15_000);
    return `${label}: idle RSS ${rssOf(child.pid!)} MiB`;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Child mode: one embedded database opened with one variant's settings, a round of loads per message. */
async function dashboardChild(dir: string, settings: string[], workspaceId: number) {
  const database = pgliteDatabase(await PGlite.create(dir, { postgresqlconf: settings }));
  const workspace = (await findWorkspaceById(database.db, workspaceId))!;
  process.on('message', async (message) => {
    if (message === 'close') {
      await database.close();
      process.exit(0);
    }
    const start = performance.now();
    for (let i = 0; i < 20; i++) await loadDashboard(database.db, workspace);
    process.send!({ ms: (performance.now() - start) / 20, rss: rssOf(process.pid) });
  });
  process.send!('ready');
}

async function dashboardLoads(root: string, start: StartCommand): Promise<string[]> {
  const seedDir = join(root, 'seed');
  mkdirSync(seedDir, { recursive: true });
  const seed = pgliteDatabase(await PGlite.create(seedDir));
  const workspace = await seedDashboardWorkspace(seed, 2000);
  await seed.close();
  const open = async (name: string, settings: string[], command: StartCommand) => {
    cpSync(seedDir, join(root, name), { recursive: true });
    const args = ['--dashboard-child', join(root, name), JSON.stringify(settings), String(workspace.id)];
    const child = fork(import.meta.filename, args, { execArgv: command.flags, env: { ...process.env, ...command.env } });
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the ${name} process stopped (${code})`)));
    });
    return child;
  };
  const none: StartCommand = { env: {}, flags: [] };
  const described = [...Object.entries(start.env).map(([k, v]) => `${k}=${v}`), ...start.flags].join(' ') || 'no flags';
  const variants = [
    { label: 'shared_buffers 128MB (PostgreSQL default), no flags', settings: ['shared_buffers = 128MB'], command: none },
    { label: 'shared_buffers = 16MB, no flags (before)', settings: ['shared_buffers = 16MB'], command: none },
    { label: `${PGLITE_SETTINGS.join(', ')}, ${described} (the product)`, settings: PGLITE_SETTINGS, command: start },
  ];
  const running: { label: string; child: ChildProcess; rounds: number[]; rss: number }[] = [];
  for (const [i, v] of variants.entries()) running.push({ label: v.label, child: await open(`v${i}`, v.settings, v.command), rounds: [], rss: 0 });
  const round = (v: (typeof running)[number]) =>
    new Promise<{ ms: number; rss: number }>((resolve) => {
      v.child.once('message', (m) => resolve(m as { ms: number; rss: number }));
      v.child.send('round');
    });
  for (const v of running) await round(v);
  for (let r = 0; r < 8; r++) {
    for (const v of r % 2 ? [...running].reverse() : running) {
      const { ms, rss } = await round(v);
      v.rounds.push(ms);
      v.rss = rss;
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const lines = running.map(
    (v) => `dashboard load, ${v.label}: ${median(v.rounds).toFixed(2)} ms (${v.rounds.map((x) => x.toFixed(1)).join(', ')}), process RSS ${v.rss} MiB`,
  );
  for (const v of running) {
    v.child.send('close');
    await new Promise((resolve) => v.child.once('exit', resolve));
  }
  return lines;
}

if (process.argv[2] === '--dashboard-child') {
  await dashboardChild(process.argv[3]!, JSON.parse(process.argv[4]!) as string[], Number(process.argv[5]));
} else {
  const { values: args } = parseArgs({
    options: {
      flags: { type: 'string' },
      env: { type: 'string' },
      restart: { type: 'boolean', default: false },
      'dashboard-only': { type: 'boolean', default: false },
    },
  });
  const words = (text: string) => text.split(/\s+/).filter(Boolean);
  const start = startCommand();
  if (args.flags !== undefined) start.flags = words(args.flags);
  if (args.env !== undefined) start.env = Object.fromEntries(words(args.env).map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
  const described = [...Object.entries(start.env).map(([k, v]) => `${k}=${v}`), ...start.flags].join(' ') || 'none';
  const root = mkdtempSync(join(tmpdir(), 'rc-bench-memory-'));
  try {
    console.log(`load average ${loadAverage()}; started with: ${described}`);
    if (!args['dashboard-only']) console.log(await idleRss('embedded', start, { DATA_DIR: join(root, 'data') }));
    if (args.restart) console.log(await idleRss('embedded, started again on the same folder', start, { DATA_DIR: join(root, 'data') }));
    const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (url && !args['dashboard-only'])
      console.log(await idleRss('PostgreSQL', start, { DATABASE_URL: url, APP_SECRET: 'bench-memory-secret-bench-memory-secret-0123' }));
    for (const line of await dashboardLoads(root, start)) console.log(line);
    console.log(`load average ${loadAverage()}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

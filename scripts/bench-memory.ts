// `npm run bench:memory`: what an idle server holds, and whether the embedded database's small
// shared buffers (src/lib/db/pglite.ts) slow a dashboard load.
//   - idle RSS: `node main.ts` (built) on a new data folder and, with TEST_DATABASE_URL or
//     DATABASE_URL, on PostgreSQL: started, the landing page asked once, then 15 s of rest; VmRSS.
//   - dashboard: one workspace with 3 teams and 2,000 requests copied into two embedded databases,
//     one with PostgreSQL's default 128 MB of shared buffers and one with the product's setting;
//     20 dashboard loads a round, 8 rounds alternating; the median ms a load.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { loadDashboard } from '../src/lib/dashboard.ts';
import { migrate } from '../src/lib/db/migrate.ts';
import { PGLITE_SETTINGS, pgliteDatabase } from '../src/lib/db/pglite.ts';
import { createTeam } from '../src/lib/teams.ts';
import { unitRequest, unitWorkspace } from '../src/lib/testing/unit-data.ts';

const root = mkdtempSync(join(tmpdir(), 'rc-bench-memory-'));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function idleRss(label: string, env: Record<string, string>): Promise<string> {
  const port = String(4900 + Math.floor(Math.random() * 500));
  const child = spawn(process.execPath, ['main.ts'], { env: { ...process.env, HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'warn', ...env }, stdio: 'ignore' });
  try {
    for (let i = 0; i < 120; i++) {
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) break;
      await pause(250);
    }
    await fetch(`http://127.0.0.1:${port}/`).then((r) => r.arrayBuffer());
    await pause(15_000);
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]!;
    return `${label}: idle RSS ${Math.round(Number(rss) / 1024)} MiB`;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function dashboardLoads(): Promise<string[]> {
  const seedDir = join(root, 'seed');
  mkdirSync(seedDir, { recursive: true });
  const seed = pgliteDatabase(await PGlite.create(seedDir));
  await migrate(seed);
  const workspace = await unitWorkspace(seed.db);
  const teams: number[] = [];
  for (const name of ['Front Desk', 'Hygiene', 'Surgery']) {
    const team = await createTeam(seed.db, workspace, { name, color: '#3B82F6' });
    if (team.ok) teams.push(team.team.id);
  }
  for (let i = 0; i < 2000; i++) {
    await unitRequest(seed.db, workspace, { staffEmail: `s${i % 12}@x.test`, staffFirstName: `S${i % 12}`, teamId: teams[i % 3], createdAt: new Date(Date.now() - (i % 60) * 86_400_000) });
  }
  await seed.close();
  const open = async (name: string, settings: string[]) => {
    cpSync(seedDir, join(root, name), { recursive: true });
    return pgliteDatabase(await PGlite.create(join(root, name), { postgresqlconf: settings }));
  };
  const variants = [
    { label: 'shared_buffers 128MB (PostgreSQL default)', database: await open('default', ['shared_buffers = 128MB']), rounds: [] as number[] },
    { label: `${PGLITE_SETTINGS.join(', ')} (the product)`, database: await open('product', PGLITE_SETTINGS), rounds: [] as number[] },
  ];
  const round = async (v: (typeof variants)[number]) => {
    const start = performance.now();
    for (let i = 0; i < 20; i++) await loadDashboard(v.database.db, workspace);
    return (performance.now() - start) / 20;
  };
  for (const v of variants) await round(v);
  for (let r = 0; r < 8; r++) for (const v of r % 2 ? [...variants].reverse() : variants) v.rounds.push(await round(v));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const lines = variants.map((v) => `dashboard load, ${v.label}: ${median(v.rounds).toFixed(2)} ms (${v.rounds.map((x) => x.toFixed(1)).join(', ')})`);
  for (const v of variants) await v.database.close();
  return lines;
}

try {
  console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log(await idleRss('embedded', { DATA_DIR: join(root, 'data') }));
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) console.log(await idleRss('PostgreSQL', { DATABASE_URL: url, APP_SECRET: 'bench-memory-secret-bench-memory-secret-0123' }));
  for (const line of await dashboardLoads()) console.log(line);
  console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}

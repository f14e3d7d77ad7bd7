// `npm run bench:prepare`: what DATABASE_PREPARE saves a dashboard load on PostgreSQL, in process
// (no HTTP, so the machine's other load matters less than in bench:http). One schema of its own on
// TEST_DATABASE_URL or DATABASE_URL: a workspace with 3 teams and 500 requests; two Databases on it,
// statements prepared and not (src/platform/db/postgres.ts); 50 dashboard loads a round, 10 rounds
// alternating, after a warm-up round each; the median ms a load.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { loadDashboard } from '#domain/game/dashboard.ts';
import { openPostgres } from '#platform/db/postgres.ts';
import { seedDashboardWorkspace } from './lib/dashboard-seed.ts';
import { loadAverage } from './lib/bench-run.ts';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error('Set TEST_DATABASE_URL or DATABASE_URL');
const schema = `bench_prepare_${randomBytes(4).toString('hex')}`;
const admin = postgres(url, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE SCHEMA ${schema}`);
try {
  console.log(`load average ${loadAverage()}`);
  const seed = openPostgres(url, { searchPath: schema, max: 1 });
  const workspace = await seedDashboardWorkspace(seed, 500);
  await seed.close();
  const variants = [true, false].map((prepare) => ({ prepare, database: openPostgres(url, { searchPath: schema, max: 4, prepare }), rounds: [] as number[] }));
  const round = async (v: (typeof variants)[number]) => {
    const start = performance.now();
    for (let i = 0; i < 50; i++) await loadDashboard(v.database.db, workspace);
    return (performance.now() - start) / 50;
  };
  for (const v of variants) await round(v);
  for (let r = 0; r < 10; r++) for (const v of r % 2 ? [...variants].reverse() : variants) v.rounds.push(await round(v));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const v of variants) {
    console.log(`dashboard load, DATABASE_PREPARE=${v.prepare}: ${median(v.rounds).toFixed(2)} ms (${v.rounds.map((x) => x.toFixed(1)).join(', ')})`);
    await v.database.close();
  }
  console.log(`load average ${loadAverage()}`);
} finally {
  await admin.unsafe(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}

// `npm run bench:ingest`: what one new review costs the server when its workspace has 2,000 open
// requests (issue 16): CPU time and wall time per review, through ingestReview as the test-review,
// API, CRM and Google paths call it. The job queue runs with no workers, so the consumers of
// review.created (milestones, alerts, webhooks) are not counted here.
//
// CPU is split as a PostgreSQL deployment splits it, so that the two databases compare like with
// like: the product's own ("product CPU", the figure of issue 16) and the database's. On the
// embedded database both run in this process: the database's is the time spent inside its engine
// (PGlite's protocol calls into WebAssembly, which run synchronously), the product's the rest of the
// process's CPU. On PostgreSQL the product's is this process's CPU and the database's that of the
// server's processes on this machine (/proc; read only when the server runs here, and only a fair
// figure when nothing else uses it meanwhile).
//
// The embedded database runs with the product's settings and has had the maintenance pass the
// product makes every minute (src/platform/db/pglite-maintenance.ts); on PostgreSQL the requests are
// analyzed, as autovacuum would have done within its minute.
//
// Options: --requests N[,N...] (default 2000; several sizes show how the cost grows with the
// workspace), --reviews N (default 300), --warmup N (reviews before the measured ones, default 20:
// a server that has run longer has more of its code compiled), --database embedded|postgres|both
// (default both).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { Database } from '#platform/db/database.ts';
import { migrate } from '#platform/db/migrate.ts';
import { PGLITE_SETTINGS, pgliteDatabase } from '#platform/db/pglite.ts';
import { maintainTables } from '#platform/db/pglite-maintenance.ts';
import { openPostgres } from '#platform/db/postgres.ts';
import { startJobQueue } from '#platform/jobs/queue.ts';
import { setLogLevel } from '#platform/log/log.ts';
import { ingestReview } from '#domain/reviews/ingest.ts';
import { keyedRequests, unitWorkspace } from '#testing/unit-data.ts';
import { loadAverage } from './lib/bench-run.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string' }, reviews: { type: 'string' }, warmup: { type: 'string' }, database: { type: 'string' } },
});
const REQUEST_COUNTS = (values.requests ?? '2000').split(',').map(Number);
const REVIEWS = Number(values.reviews ?? 300);
const WARMUP = Number(values.warmup ?? 20);
const DATABASES = values.database ?? 'both';
if (!['embedded', 'postgres', 'both'].includes(DATABASES)) throw new Error('--database is embedded, postgres or both');
setLogLevel('error');

interface Scenario {
  requests: { firstName: string; lastName: string; email: string }[];
  reviews: { reviewerName: string | null }[];
}
const set = JSON.parse(readFileSync(new URL('../tests/fixtures/matching/labelled-set.json', import.meta.url), 'utf8')) as { scenarios: Scenario[] };
const people = set.scenarios.flatMap((s) => s.requests);
const reviewerNames = set.scenarios.flatMap((s) => s.reviews.map((r) => r.reviewerName));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/** CPU milliseconds the database has used so far: its engine's time in this process, or its server's processes'. */
type DatabaseCpu = () => number | null;

/**
 * The time spent inside the embedded engine: PGlite's protocol calls run the WebAssembly build of
 * PostgreSQL synchronously, so their wall time is the engine's CPU.
 */
function engineTime(pg: PGlite): DatabaseCpu {
  const call = pg.execProtocolRawSync.bind(pg);
  let total = 0;
  pg.execProtocolRawSync = (message) => {
    const started = performance.now();
    try {
      return call(message);
    } finally {
      total += performance.now() - started;
    }
  };
  return () => total;
}

const TICK_MS = 10; // Linux's clock ticks, 100 a second

/**
 * The CPU of the PostgreSQL server's processes on this machine: every `postgres` process's, and what
 * the postmaster collected from the backends that ended. Null where no such process is visible.
 */
function postgresServerTime(): number | null {
  let ticks = 0;
  let found = false;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (comm !== 'postgres') continue;
    found = true;
    // Fields after the name: state is the 3rd field; utime, stime, cutime, cstime the 14th to 17th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return found ? ticks * TICK_MS : null;
}

async function run(name: string, database: Database, REQUESTS: number, databaseCpu: DatabaseCpu) {
  await migrate(database);
  const jobs = await startJobQueue(database);
  const store = { database, jobs };
  const workspace = await unitWorkspace(database.db);
  const now = Date.now();
  const customers = Array.from({ length: REQUESTS }, (_, i) => {
    const person = people[i % people.length]!;
    return { firstName: person.firstName, lastName: person.lastName, email: `${i}.${person.email}` };
  });
  await keyedRequests(database.db, workspace, customers, (i) => ({
    createdAt: new Date(now - ((i * 37) % (30 * 24 * 60)) * 60_000),
    clickedAt: i % 7 === 0 ? new Date(now - ((i * 13) % (3 * 24 * 60)) * 60_000) : null,
  }));
  // As the product's maintenance pass (embedded) or autovacuum (PostgreSQL) would within a minute.
  if (database.kind === 'pglite') {
    await database.db.execute(sql`SELECT pg_stat_force_next_flush()`);
    await maintainTables(database.db);
  } else {
    await database.db.execute(sql`ANALYZE review_requests`);
  }
  const review = (i: number) => ({
    kind: 'google' as const,
    source: 'test' as const,
    externalId: `bench-${i}`,
    reviewerName: reviewerNames[(i * 7) % reviewerNames.length] ?? null,
    rating: 5,
    comment: null,
    createTime: new Date(),
  });
  // Warm-up: the code paths compiled, the caches and anything done once per workspace done.
  for (let i = 0; i < WARMUP; i++) await ingestReview(store, workspace, review(-1 - i));
  const walls: number[] = [];
  const databaseBefore = databaseCpu();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < REVIEWS; i++) {
    const t = performance.now();
    await ingestReview(store, workspace, review(i));
    walls.push(performance.now() - t);
  }
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const databaseAfter = databaseCpu();
  await jobs.stop(1000);
  const processMs = (cpu.user + cpu.system) / 1000 / REVIEWS;
  const databaseMs = databaseBefore === null || databaseAfter === null ? null : (databaseAfter - databaseBefore) / REVIEWS;
  const inProcess = database.kind === 'pglite';
  const productMs = inProcess ? processMs - databaseMs! : processMs;
  return {
    database: name,
    'open requests': REQUESTS,
    reviews: REVIEWS,
    'product CPU ms': Number(productMs.toFixed(2)),
    'database CPU ms': databaseMs === null ? 'n/a' : Number(databaseMs.toFixed(2)),
    'total CPU ms': databaseMs === null ? 'n/a' : Number((productMs + databaseMs).toFixed(2)),
    'kernel (process)': Number((cpu.system / 1000 / REVIEWS).toFixed(2)),
    'wall ms p50': Number(median(walls).toFixed(2)),
    'wall ms p99': Number(percentile(walls, 99).toFixed(2)),
    'reviews per s': Math.round((REVIEWS / elapsed) * 1000),
  };
}

const results = [];
for (const requests of REQUEST_COUNTS) {
  if (DATABASES !== 'postgres') {
    const pg = await PGlite.create({ postgresqlconf: PGLITE_SETTINGS });
    const engine = engineTime(pg);
    const database = pgliteDatabase(pg);
    results.push(await run('embedded', database, requests, engine));
    await database.close();
  }
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url && DATABASES !== 'embedded') {
    const schema = `bench_ingest_${randomBytes(4).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE SCHEMA ${schema}`);
    try {
      const database = openPostgres(url, { searchPath: schema });
      results.push(await run('PostgreSQL', database, requests, postgresServerTime));
      await database.close();
    } finally {
      await admin.unsafe(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await admin.end();
    }
  }
}
console.log(`load average ${loadAverage()}`);
console.table(results);

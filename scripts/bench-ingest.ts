// `npm run bench:ingest`: what one new review costs the server when its workspace has 2,000 open
// requests (issue 16): CPU time of the process (on the embedded database that includes the
// database's own work, which runs in the process) and wall time per review, through ingestReview as
// the test-review, API, CRM and Google paths call it. The job queue runs with no workers, so the
// consumers of review.created (milestones, alerts, webhooks) are not counted here.
// On the embedded database and, with TEST_DATABASE_URL or DATABASE_URL set, on PostgreSQL (whose
// server's CPU is not in the figure).
//
// The embedded database runs with the product's settings and has had the maintenance pass the
// product makes every minute (src/lib/db/pglite-maintenance.ts); on PostgreSQL the requests are
// analyzed, as autovacuum would have done within its minute.
//
// Options: --requests N[,N...] (default 2000; several sizes show how the cost grows with the
// workspace), --reviews N (default 300), --database embedded|postgres|both (default both).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { Database } from '../src/lib/db/database.ts';
import { migrate } from '../src/lib/db/migrate.ts';
import { PGLITE_SETTINGS, pgliteDatabase } from '../src/lib/db/pglite.ts';
import { maintainTables } from '../src/lib/db/pglite-maintenance.ts';
import { openPostgres } from '../src/lib/db/postgres.ts';
import { startJobQueue } from '../src/lib/jobs/queue.ts';
import { setLogLevel } from '../src/lib/log.ts';
import { ingestReview } from '../src/lib/reviews/ingest.ts';
import { keyedRequests, unitWorkspace } from '../src/lib/testing/unit-data.ts';

const { values } = parseArgs({ options: { requests: { type: 'string' }, reviews: { type: 'string' }, database: { type: 'string' } } });
const REQUEST_COUNTS = (values.requests ?? '2000').split(',').map(Number);
const REVIEWS = Number(values.reviews ?? 300);
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

async function run(name: string, database: Database, REQUESTS: number) {
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
  for (let i = 0; i < 20; i++) await ingestReview(store, workspace, review(-1 - i));
  const walls: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < REVIEWS; i++) {
    const t = performance.now();
    await ingestReview(store, workspace, review(i));
    walls.push(performance.now() - t);
  }
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  await jobs.stop(1000);
  const cpuMs = (cpu.user + cpu.system) / 1000 / REVIEWS;
  return {
    database: name,
    'open requests': REQUESTS,
    reviews: REVIEWS,
    'CPU ms per review': Number(cpuMs.toFixed(2)),
    'of which kernel': Number((cpu.system / 1000 / REVIEWS).toFixed(2)),
    'wall ms p50': Number(median(walls).toFixed(2)),
    'wall ms p99': Number(percentile(walls, 99).toFixed(2)),
    'reviews per s': Math.round((REVIEWS / elapsed) * 1000),
  };
}

const results = [];
for (const requests of REQUEST_COUNTS) {
  if (DATABASES !== 'postgres') {
    const database = pgliteDatabase(await PGlite.create({ postgresqlconf: PGLITE_SETTINGS }));
    results.push(await run('embedded', database, requests));
    await database.close();
  }
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url && DATABASES !== 'embedded') {
    const schema = `bench_ingest_${randomBytes(4).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE SCHEMA ${schema}`);
    try {
      const database = openPostgres(url, { searchPath: schema });
      results.push(await run('PostgreSQL', database, requests));
      await database.close();
    } finally {
      await admin.unsafe(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await admin.end();
    }
  }
}
console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
console.table(results);

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { candidateQuery } from '#domain/reviews/match-keys.ts';
import { keyedRequests, unitWorkspace } from '#testing/unit-data.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { PGLITE_SETTINGS, pgliteDatabase } from './pglite.ts';
import { maintainTables, startPgliteMaintenance } from './pglite-maintenance.ts';

let pg: PGlite;
let database: Database;

beforeEach(async () => {
  pg = await PGlite.create({ postgresqlconf: PGLITE_SETTINGS });
  database = pgliteDatabase(pg);
});

afterEach(async () => {
  await database.close();
});

/** The counters pg_stat_user_tables reads are flushed at most once a second unless asked. */
async function flushCounters(): Promise<void> {
  await pg.query('SELECT pg_stat_force_next_flush()');
  await pg.query('SELECT 1');
}

async function tableStats(table: string) {
  await flushCounters();
  const { rows } = await pg.query<{ reltuples: number; dead: number; analyzed: boolean }>(
    `SELECT c.reltuples, s.n_dead_tup AS dead, s.last_analyze IS NOT NULL AS analyzed
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = $1`,
    [table],
  );
  return rows[0]!;
}

describe('maintainTables', () => {
  it('learns the size of a table filled after it was made, and reclaims the rows updates left dead', async () => {
    await pg.exec('CREATE TABLE things (id serial PRIMARY KEY, n integer); INSERT INTO things (n) SELECT g FROM generate_series(1, 1000) g');
    expect(await tableStats('things')).toMatchObject({ reltuples: -1, analyzed: false });
    await flushCounters();
    expect((await maintainTables(database.db)).find((t) => t.table === 'public.things')).toEqual({ table: 'public.things', vacuum: false, analyze: true });
    expect(await tableStats('things')).toMatchObject({ reltuples: 1000, analyzed: true });

    await pg.exec('UPDATE things SET n = n + 1');
    expect((await tableStats('things')).dead).toBe(1000);
    expect((await maintainTables(database.db)).find((t) => t.table === 'public.things')).toEqual({ table: 'public.things', vacuum: true, analyze: true });
    expect((await tableStats('things')).dead).toBe(0);
  });

  it('leaves alone the tables that changed little since their last pass', async () => {
    await pg.exec('CREATE TABLE things (id serial PRIMARY KEY, n integer); INSERT INTO things (n) SELECT g FROM generate_series(1, 1000) g');
    await flushCounters();
    await maintainTables(database.db);
    await pg.exec('UPDATE things SET n = 0 WHERE id <= 40');
    await flushCounters();
    expect(await maintainTables(database.db)).toEqual([]);
  });

  it("lets a review's candidates be found through their indexes, not by reading every open request", async () => {
    await migrate(database);
    const workspace = await unitWorkspace(database.db);
    const first = ['Olivia', 'Liam', 'Noah', 'Mia', 'Jack', 'Ava', 'Chloe', 'Ethan'];
    const last = ['Brown', 'Nguyen', 'Singh', 'Walker', 'Murphy', 'Okafor', 'Kowalski', 'Haddad', 'Rossi', 'Tanaka'];
    const customers = Array.from({ length: 2000 }, (_, i) => ({
      firstName: first[i % 8]!,
      lastName: `${last[i % 10]}${i}`,
      email: `customer${i}@example.com`,
    }));
    await keyedRequests(database.db, workspace, customers);
    await flushCounters();
    await maintainTables(database.db);

    const review = { reviewerName: 'Zanele Dlamini', createTime: new Date() };
    const { sql: text, params } = candidateQuery(database.db, workspace.id, review).toSQL();
    const { rows: plan } = await pg.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
    // Planned with its values, and as a prepared statement is after its first runs: without them.
    await pg.exec(`PREPARE candidates AS ${text}`);
    await pg.exec('SET plan_cache_mode = force_generic_plan');
    const literal = (value: unknown): string =>
      typeof value === 'number' ? String(value) : Array.isArray(value) ? `ARRAY[${value.map(literal).join(', ')}]` : `'${String(value).replaceAll("'", "''")}'`;
    const { rows: generic } = await pg.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE candidates(${params.map(literal).join(', ')})`);
    await pg.exec('RESET plan_cache_mode; DEALLOCATE candidates');
    for (const lines of [plan, generic].map((rows) => rows.map((row) => row['QUERY PLAN']).join('\n'))) {
      expect(lines).toContain('review_requests_match_keys');
      expect(lines).not.toMatch(/Seq Scan on review_requests|Index Scan using review_requests_workspace/);
    }
    // Requests logged after the pass go straight into that index (no pending list only a vacuum would merge).
    const { rows: index } = await pg.query<{ reloptions: string[] }>("SELECT reloptions FROM pg_class WHERE relname = 'review_requests_match_keys'");
    expect(index[0]!.reloptions).toEqual(['fastupdate=off']);
  });
});

describe('startPgliteMaintenance', () => {
  it('makes its first pass at once and stops when asked', async () => {
    await pg.exec('CREATE TABLE things (id serial PRIMARY KEY, n integer); INSERT INTO things (n) SELECT g FROM generate_series(1, 1000) g');
    await flushCounters();
    const maintenance = startPgliteMaintenance(database.db, 60_000);
    await maintenance.stop();
    expect(await tableStats('things')).toMatchObject({ reltuples: 1000, analyzed: true });
    const analyzed = await database.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL`);
    expect((analyzed as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

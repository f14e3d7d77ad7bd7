import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { openPostgres } from '#platform/db/postgres.ts';
import { databaseKind } from '../helpers/database.ts';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

// DATABASE_PREPARE (src/platform/db/postgres.ts): one connection (max 1), so pg_prepared_statements, which
// is per connection, shows what this Database prepared.
describe.runIf(databaseKind === 'postgres')('prepared statements on PostgreSQL (DATABASE_PREPARE)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schemaName = `test_prep_${randomBytes(4).toString('hex')}`;
  let admin: postgres.Sql;

  beforeAll(async () => {
    admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE SCHEMA ${schemaName}`);
    await admin.unsafe(`CREATE TABLE ${schemaName}.things (id int PRIMARY KEY, name text NOT NULL, at timestamptz NOT NULL)`);
    await admin.unsafe(`INSERT INTO ${schemaName}.things VALUES (1, 'one', '2026-01-02T03:04:05Z'), (2, 'two', now())`);
  });
  afterAll(async () => {
    await admin.unsafe(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await admin.end();
  });

  const prepared = async (database: Database, like = '%') => {
    const rows = (await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '${like}'`))) as unknown as {
      n: number;
    }[];
    return rows[0]!.n;
  };

  // The same query builder call, twice, through each path a query can take.
  const exercise = async (database: Database) => {
    for (let i = 0; i < 2; i++) {
      const [row] = await database.db.select().from(things).where(eq(things.id, 1));
      expect(row).toEqual({ id: 1, name: 'one', at: new Date('2026-01-02T03:04:05Z') });
      await database.db.transaction(async (tx) => {
        expect(await tx.select({ name: things.name }).from(things).where(eq(things.id, 2))).toEqual([{ name: 'two' }]);
      });
      expect(await database.transaction((tx) => tx.query<{ n: number }>('SELECT $1::int + 1 AS n', [i]))).toEqual([{ n: i + 1 }]);
    }
  };

  it('prepares each query text once per connection when on (the default)', async () => {
    const database = openPostgres(url, { searchPath: schemaName, max: 1 });
    try {
      await exercise(database);
      expect(await prepared(database, '%"things"%')).toBe(2); // the two builder queries, each reused
      expect(await prepared(database, 'SELECT $1::int + 1%')).toBe(1); // the raw query in a transaction
    } finally {
      await database.close();
    }
  });

  it('prepares nothing when off (PgBouncer in transaction mode)', async () => {
    const database = openPostgres(url, { searchPath: schemaName, max: 1, prepare: false });
    try {
      await exercise(database);
      expect(await prepared(database)).toBe(0);
    } finally {
      await database.close();
    }
  });
});

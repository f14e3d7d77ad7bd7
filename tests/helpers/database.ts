import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { migrate } from '#platform/db/migrate.ts';
import { openPostgres } from '#platform/db/postgres.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

export const databaseKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/** A migrated database of the kind this project runs on, private to the calling test file. */
export async function testDatabase(): Promise<Database> {
  if (databaseKind === 'pglite') return migratedMemoryDatabase();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE SCHEMA ${schema}`);
  const database = openPostgres(url, { searchPath: schema, max: 4 });
  await migrate(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.unsafe(`DROP SCHEMA ${schema} CASCADE`);
      // The job queue's own schema, made when a runtime started on this database (openPostgres' jobStore).
      await admin.unsafe(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await admin.end();
    },
  };
}

/**
 * A new, empty PostgreSQL database on TEST_DATABASE_URL's server for the calling describe block
 * (servers started on it migrate it themselves), dropped after it. Answers its URL once set up.
 */
export function throwawayPostgresDatabase(prefix: string): { url(): string } {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  let url = '';
  let admin: postgres.Sql;
  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).href;
    admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return { url: () => url };
}

/**
 * Reads a stopped server's embedded database (its DATA_DIR's `pglite` folder) with `read`, then
 * closes it: what a kill -9 test counts once its servers are down.
 */
export async function readStoppedFolder<T>(dataDir: string, read: (query: (sql: string) => Promise<unknown[]>) => Promise<T>): Promise<T> {
  const pg = await PGlite.create(join(dataDir, 'pglite'));
  try {
    return await read(async (sql) => (await pg.query(sql)).rows);
  } finally {
    await pg.close();
  }
}

/** Reads a PostgreSQL database with `read` on a connection of its own, then closes it: readStoppedFolder's twin for PostgreSQL. */
export async function readPostgres<T>(url: string, read: (query: (sql: string) => Promise<unknown[]>) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await read(async (text) => [...(await sql.unsafe(text))]);
  } finally {
    await sql.end();
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

// Any fixed number: every instance takes the same transaction-scoped advisory lock, so when several
// start together one applies the migrations and the others wait, then find nothing left to do.
const MIGRATION_LOCK_KEY = 72_115_301;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));

/** The table of applied migrations (a backup carries it, so later migrations apply after a restore). */
export const SCHEMA_MIGRATIONS_TABLE = 'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}/${name}`, 'utf8') }));
}

/**
 * Applies the migrations not yet applied, in order, in one transaction. Returns their names.
 * `onPending` hears which ones are about to run, before the first does (the start says so).
 */
export async function migrate(
  database: Database,
  migrations: Migration[] = readMigrations(),
  { onPending }: { onPending?: (names: string[]) => void } = {},
): Promise<string[]> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(SCHEMA_MIGRATIONS_TABLE);
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const pending = migrations.filter((m) => !done.has(m.name)).map((m) => m.name);
    if (pending.length) onPending?.(pending);
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      applied.push(migration.name);
    }
    return applied;
  });
}

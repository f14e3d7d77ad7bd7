import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ConstructorOptions } from 'pg-boss';
import type * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL inside one transaction: what migrations and locks need beyond the query builder. */
export interface SqlTx {
  /** Runs one or more statements with no parameters. */
  exec(text: string): Promise<void>;
  query<Row extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

/** One open database, embedded (PGlite) or a PostgreSQL server; the rest of src/lib sees only this. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  transaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T>;
  /** NOTIFY: delivered to every listener of the channel, in this process and in every other instance. */
  notify(channel: string, payload: string): Promise<void>;
  /** LISTEN on one dedicated connection; returns the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs fn while holding the advisory lock (space, id) for this database: across instances on one
   * PostgreSQL server, or within the one process that owns an embedded database. Never waits: when
   * another holder has the lock, fn does not run.
   */
  withTryLock<T>(space: number, id: number, fn: () => Promise<T>): Promise<Locked<T>>;
  /** How the job queue (pg-boss, src/lib/jobs/queue.ts) reaches this same database. */
  jobStore: Pick<ConstructorOptions, 'db' | 'backend' | 'connectionString' | 'schema' | 'max'>;
  close(): Promise<void>;
}

export type Locked<T> = { acquired: true; value: T } | { acquired: false };

/** Advisory lock spaces (the first key of the two-key form). */
export const LOCK_SPACES = { googleSync: 0x6762_7073, attempts: 0x6174_7470 } as const;

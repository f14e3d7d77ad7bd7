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

/** One open database, embedded (PGlite) or a PostgreSQL server; the rest of the server sees only this. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  transaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T>;
  /** NOTIFY: delivered to every listener of the channel, in this process and in every other instance (the embedded database has no other). */
  notify(channel: string, payload: string): Promise<void>;
  /** LISTEN (on PostgreSQL, on one dedicated connection); returns the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** How the job queue (pg-boss, src/platform/jobs/queue.ts) reaches this same database. */
  jobStore: Pick<ConstructorOptions, 'db' | 'backend' | 'connectionString' | 'schema' | 'max'>;
  close(): Promise<void>;
}

/**
 * The embedded database has one connection and runs each transaction alone (PGlite queues every
 * other statement until it ends): nothing can change between two statements of a transaction.
 */
export const transactionsRunAlone = (database: Pick<Database, 'kind'>): boolean => database.kind === 'pglite';

/** Advisory lock spaces (the first key of the two-key form). */
export const LOCK_SPACES = { attempts: 0x6174_7470 } as const;

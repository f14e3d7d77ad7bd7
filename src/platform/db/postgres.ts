import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { withCommitHooks } from './after-commit.ts';
import type { Database, Db } from './database.ts';
import * as schema from './schema.ts';

export interface PostgresOptions {
  /** Schema to work in (tests give each file its own); default: the server's search_path. */
  searchPath?: string;
  max?: number;
  /**
   * Named prepared statements (DATABASE_PREPARE, on by default): each connection parses a query's
   * text once and later runs it in one round trip. Off behind a pooler that hands each transaction
   * a different server connection (PgBouncer in transaction mode before 1.21), which loses them.
   */
  prepare?: boolean;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  // NOTIFY channels are database-wide: a database shared by schemas keeps each schema's apart.
  const channelName = (channel: string) => (options.searchPath ? `${channel}__${options.searchPath}` : channel);
  const prepare = options.prepare ?? true;
  const sql = postgres(url, {
    max: options.max ?? 10,
    prepare,
    onnotice: () => {},
    ...(options.searchPath ? { connection: { search_path: options.searchPath } } : {}),
  });
  return {
    kind: 'postgres',
    db: withCommitHooks(drizzle({ client: reservingTransactions(sql, prepare), schema }) as unknown as Db),
    transaction: (fn) =>
      beginOnReserved(sql, (tx) =>
        fn({
          exec: async (text) => {
            await tx.unsafe(text);
          },
          query: async (text, params) => (await tx.unsafe(text, (params ?? []) as never[], { prepare })) as never,
        }),
      ) as never,
    notify: async (channel, payload) => {
      await sql.notify(channelName(channel), payload);
    },
    listen: async (channel, onPayload) => {
      const { unlisten } = await sql.listen(channelName(channel), onPayload);
      return unlisten;
    },
    // pg-boss keeps its own few connections (one of them listening): a schema of its own, per test schema too.
    jobStore: { connectionString: url, schema: options.searchPath ? `${options.searchPath}_jobs` : 'pgboss', max: 3 },
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * A transaction on a connection reserved before BEGIN is sent, instead of postgres.js' `sql.begin`.
 * postgres.js 3.4.9 marks a `begin`'s connection as the transaction's only after BEGIN is written,
 * and skips the mark when BEGIN is the query that fills the connection's pipeline (or the socket
 * pushes back): the transaction then fails with UNSAFE_TRANSACTION and its connection, left in the
 * transaction, goes back to the pool (porsager/postgres#823, #1189). A kill -9 test of the CRM
 * webhook met it under a burst: one delivery answered 500. `sql.reserve()` marks the connection
 * first. Savepoints (drizzle's nested transactions) are given on the reserved connection too.
 */
export async function beginOnReserved<T>(
  sql: postgres.Sql,
  fn: (tx: postgres.Sql) => Promise<T>,
  wrap: (tx: postgres.Sql) => postgres.Sql = (tx) => tx,
): Promise<T> {
  const reserved = await sql.reserve();
  let savepoints = 0;
  const inTransaction: postgres.Sql = new Proxy(wrap(reserved), {
    get(target, property, receiver) {
      if (property === 'savepoint') {
        return async (body: (tx: postgres.Sql) => Promise<unknown>) => {
          const name = `s${savepoints++}`;
          await reserved.unsafe(`SAVEPOINT ${name}`);
          try {
            const result = await body(inTransaction);
            await reserved.unsafe(`RELEASE SAVEPOINT ${name}`);
            return result;
          } catch (error) {
            await reserved.unsafe(`ROLLBACK TO SAVEPOINT ${name}`);
            throw error;
          }
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  try {
    await reserved.unsafe('BEGIN');
    try {
      const result = await fn(inTransaction);
      await reserved.unsafe('COMMIT');
      return result;
    } catch (error) {
      // A connection that broke mid-transaction has nothing to roll back: the first error is the one to tell.
      await reserved.unsafe('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    reserved.release();
  }
}

/**
 * The client drizzle is given: its transactions begin on a reserved connection (beginOnReserved),
 * and with `prepare` its statements are prepared (see preparing).
 */
function reservingTransactions(sql: postgres.Sql, prepare: boolean): postgres.Sql {
  const client = prepare ? preparing(sql) : sql;
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'begin') {
        return (fn: (tx: postgres.Sql) => Promise<unknown>) => beginOnReserved(sql, fn, prepare ? preparing : undefined);
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/**
 * The client as drizzle should see it when statements are prepared. drizzle-orm/postgres-js asks
 * `unsafe(text, params, { prepare: false })` for every query not built with `.prepare(name)`, and
 * postgres.js' `unsafe` prepares nothing unless told: without this nothing was ever prepared, and
 * each query with parameters took two round trips (Parse and Describe, then Bind and Execute).
 * Prepared, the first run of a text on a connection takes those two, every later run one.
 * Queries without parameters keep the simple protocol (postgres.js' choice), as before.
 * Transactions and savepoints hand drizzle a new client: wrapped the same way.
 */
export function preparing(sql: postgres.Sql): postgres.Sql {
  const wrapCallback =
    (method: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const fn = args.pop() as (tx: postgres.Sql) => unknown;
      return method(...args, (tx: postgres.Sql) => fn(preparing(tx)));
    };
  return new Proxy(sql, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property === 'unsafe') {
        return (text: string, params?: unknown[], queryOptions?: object) => target.unsafe(text, params as never[], { ...queryOptions, prepare: true });
      }
      if ((property === 'begin' || property === 'savepoint') && typeof value === 'function') return wrapCallback(value as never);
      return value;
    },
  });
}

import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
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
    db: drizzle({ client: prepare ? preparing(sql) : sql, schema }) as unknown as Db,
    transaction: (fn) =>
      sql.begin((tx) =>
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
 * The client as drizzle should see it when statements are prepared. drizzle-orm/postgres-js asks
 * `unsafe(text, params, { prepare: false })` for every query not built with `.prepare(name)`, and
 * postgres.js' `unsafe` prepares nothing unless told: without this nothing was ever prepared, and
 * each query with parameters took two round trips (Parse and Describe, then Bind and Execute).
 * Prepared, the first run of a text on a connection takes those two, every later run one.
 * Queries without parameters keep the simple protocol (postgres.js' choice), as before.
 * Transactions and savepoints hand drizzle a new client: wrapped the same way.
 */
export function preparing(sql: postgres.Sql): postgres.Sql {
  const wrapCallback = (method: (...args: unknown[]) => unknown) => (...args: unknown[]) => {
    const fn = args.pop() as (tx: postgres.Sql) => unknown;
    return method(...args, (tx: postgres.Sql) => fn(preparing(tx)));
  };
  return new Proxy(sql, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property === 'unsafe') {
        return (text: string, params?: unknown[], queryOptions?: object) =>
          target.unsafe(text, params as never[], { ...queryOptions, prepare: true });
      }
      if ((property === 'begin' || property === 'savepoint') && typeof value === 'function') return wrapCallback(value as never);
      return value;
    },
  });
}

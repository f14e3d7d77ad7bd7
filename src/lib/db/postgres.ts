import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Database, Db } from './database.ts';
import * as schema from './schema.ts';

export interface PostgresOptions {
  /** Schema to work in (tests give each file its own); default: the server's search_path. */
  searchPath?: string;
  max?: number;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  // NOTIFY channels are database-wide: a database shared by schemas keeps each schema's apart.
  const channelName = (channel: string) => (options.searchPath ? `${channel}__${options.searchPath}` : channel);
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    ...(options.searchPath ? { connection: { search_path: options.searchPath } } : {}),
  });
  return {
    kind: 'postgres',
    db: drizzle({ client: sql, schema }) as unknown as Db,
    transaction: (fn) =>
      sql.begin((tx) =>
        fn({
          exec: async (text) => {
            await tx.unsafe(text);
          },
          query: async (text, params) => (await tx.unsafe(text, (params ?? []) as never[])) as never,
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

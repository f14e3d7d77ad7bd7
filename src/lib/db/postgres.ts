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
    close: () => sql.end({ timeout: 5 }),
  };
}

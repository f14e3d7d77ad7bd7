import type { Database } from '../db/database.ts';
import { BACKUP_HEADER } from './dump.ts';

export class RestoreError extends Error {}
export class DatabaseNotEmptyError extends RestoreError {}

/**
 * Loads a backup made by dumpDatabase into a database that has none of Review Challenge's tables,
 * in one transaction. Migrations newer than the backup apply at the server's next start.
 */
export async function restoreDatabase(database: Database, sql: string): Promise<{ workspaces: number }> {
  if (!sql.startsWith(BACKUP_HEADER)) throw new RestoreError('This file is not a Review Challenge backup.');
  return database.transaction(async (tx) => {
    const [registry] = await tx.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
    if (registry?.present)
      throw new DatabaseNotEmptyError('The database already holds Review Challenge data: a backup is restored only into an empty database.');
    await tx.exec(sql);
    const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM workspaces');
    return { workspaces: count!.n };
  });
}

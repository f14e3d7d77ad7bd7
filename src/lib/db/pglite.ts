import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { fromPglite } from 'pg-boss';
import type { Database, Db } from './database.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { checkPgliteFolderVersion } from './pglite-version.ts';
import * as schema from './schema.ts';

/** Wraps an open PGlite (a folder, in-memory, or a clone) as a Database. */
export function pgliteDatabase(pg: PGlite, onClose: () => void = () => {}): Database {
  return {
    kind: 'pglite',
    db: drizzle({ client: pg, schema }) as unknown as Db,
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async (text, params) => (await tx.query(text, params)).rows as never,
        }),
      ),
    notify: async (channel, payload) => {
      await pg.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, onPayload) => pg.listen(channel, onPayload),
    jobStore: { db: fromPglite(pg), backend: 'pglite' },
    close: async () => {
      await pg.close();
      onClose();
    },
  };
}

/**
 * The embedded server's own settings, written to its postgresql.conf at every start. PostgreSQL's
 * default 128 MB of shared buffers became 190 MiB of WebAssembly memory held by an idle process; a
 * small office's database is a few MB, and the operating system caches the files anyway. For the
 * same reason a page read at random costs about what the next page does (the usual setting for data
 * in memory or on SSD): at the default of 4, the planner read every open request of a workspace to
 * find a review's few candidates rather than use their index.
 */
export const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'random_page_cost = 1.1'];

/**
 * Opens the embedded database under dataDir, holding the folder's lock for this process. The folder
 * and everything in it are the owner's alone: the database holds password hashes and customers.
 */
export async function openPgliteFolder(dataDir: string): Promise<Database> {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // A folder made earlier (or mounted) may be open to others: closed before anything is written.
  chmodSync(dataDir, 0o700);
  const release = acquireDataDirLock(dataDir);
  const databaseDir = join(dataDir, 'pglite');
  let pg: PGlite | undefined;
  try {
    checkPgliteFolderVersion(databaseDir, dataDir);
    pg = await PGlite.create(databaseDir, { postgresqlconf: PGLITE_SETTINGS });
    // PGlite sets its own modes regardless of the umask: 0666 on the files of a new database, 0644
    // on the relation cache it rewrites at each start. Only a pass after the start catches them.
    ownerOnly(dataDir);
    return pgliteDatabase(pg, release);
  } catch (error) {
    await pg?.close();
    release();
    throw error;
  }
}

/** Takes group and other access away from a folder made before files were created owner-only. */
function ownerOnly(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(path)) ownerOnly(join(path, name));
}

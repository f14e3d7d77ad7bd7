import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { fromPglite } from 'pg-boss';
import { withCommitHooks } from './after-commit.ts';
import type { Database, Db } from './database.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { keepStatementsPrepared } from './pglite-statements.ts';
import { copyTemplate } from './pglite-template.ts';
import { checkPgliteFolderVersion } from './pglite-version.ts';
import * as schema from './schema.ts';
import { logError } from '../log/log.ts';

/** Wraps an open PGlite (a folder, in-memory, or a clone) as a Database. */
export function pgliteDatabase(pg: PGlite, onClose: () => void = () => {}): Database {
  const native = { parsers: takeDrizzleParsers(pg) };
  keepStatementsPrepared(pg);
  const channels = channelsOf(pg);
  return {
    kind: 'pglite',
    db: withCommitHooks(drizzle({ client: withoutQueryParsers(pg) as PGlite, schema }) as unknown as Db),
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async (text, params) => (await tx.query(text, params, native)).rows as never,
        }),
      ),
    notify: async (channel, payload) => {
      for (const onPayload of [...(channels.get(channel) ?? [])]) {
        try {
          onPayload(payload);
        } catch (error) {
          logError(`A listener of ${channel} failed`, error);
        }
      }
    },
    listen: async (channel, onPayload) => {
      const listeners = channels.get(channel) ?? new Set();
      channels.set(channel, listeners.add(onPayload));
      return async () => {
        listeners.delete(onPayload);
      };
    },
    jobStore: {
      db: fromPglite({
        query: (text, params) => pg.query(text, params, native),
        exec: (text) => pg.exec(text, native),
        listen: (channel, onPayload) => pg.listen(channel, onPayload),
      }),
      backend: 'pglite',
    },
    close: async () => {
      await pg.close();
      onClose();
    },
  };
}

type Listener = (payload: string) => void;
const liveChannels = new WeakMap<PGlite, Map<string, Set<Listener>>>();

/**
 * NOTIFY and LISTEN of the embedded database stay in this process: no other process opens its folder
 * (the folder's lock), so a trip into the database server to be handed the same payload back bought
 * nothing but its cost (decision 049). Shared by every wrapping of one instance, as a server's
 * channels are by its connections.
 */
function channelsOf(pg: PGlite): Map<string, Set<Listener>> {
  let channels = liveChannels.get(pg);
  if (!channels) liveChannels.set(pg, (channels = new Map()));
  return channels;
}

// drizzle-orm/pglite hands each query the parsers it wants (date and time values as PostgreSQL writes
// them), and PGlite then copies its whole table of some 300 parsers into a new object for that query:
// a tenth of a millisecond each time, a tenth of what a review cost. So the instance is given
// drizzle's parsers once, drizzle's queries go without, and the other users of the instance (the job
// queue, raw SQL in a transaction) ask for PGlite's own date parsing back per query, as before.
const AS_WRITTEN = (value: string) => value;
const DRIZZLE_PARSERS: Record<number, (value: string) => unknown> = {
  [types.TIMESTAMP]: AS_WRITTEN,
  [types.TIMESTAMPTZ]: AS_WRITTEN,
  [types.INTERVAL]: AS_WRITTEN,
  [types.DATE]: AS_WRITTEN,
  1231: AS_WRITTEN, // numeric[]
  1115: AS_WRITTEN, // timestamp[]
  1185: AS_WRITTEN, // timestamptz[]
  1187: AS_WRITTEN, // interval[]
  1182: AS_WRITTEN, // date[]
};

type Parsers = Record<number, (value: string, typeId?: number) => unknown>;
/** What each instance's parsers were before drizzle's (an instance may be wrapped more than once). */
const nativeParsers = new WeakMap<PGlite, Parsers>();

/** Gives the instance drizzle's parsers; returns the ones they replace. */
function takeDrizzleParsers(pg: PGlite): Parsers {
  let native = nativeParsers.get(pg);
  if (!native) {
    native = Object.fromEntries(Object.keys(DRIZZLE_PARSERS).flatMap((oid) => (pg.parsers[oid] ? [[oid, pg.parsers[oid]]] : [])));
    nativeParsers.set(pg, native);
    Object.assign(pg.parsers, DRIZZLE_PARSERS);
  }
  return native;
}

type QueryClient = Pick<PGlite, 'query'> & { transaction?: PGlite['transaction'] };

/** The instance (or one of its transactions) as drizzle sees it: its queries' own parsers left out. */
function withoutQueryParsers(client: QueryClient): QueryClient {
  return {
    query: (text, params, options) => client.query(text, params, options && { ...options, parsers: undefined }),
    ...(client.transaction && { transaction: (fn) => client.transaction!((tx) => fn(withoutQueryParsers(tx) as never)) }),
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
 * and everything in it are the owner's alone: the database holds password hashes and customers. A
 * new folder starts as a copy of the build's migrated template (src/platform/db/pglite-template.ts), or,
 * with `template: false` (a restore needs an empty database), as PostgreSQL's initdb makes it.
 */
export async function openPgliteFolder(
  dataDir: string,
  {
    template = true,
    templateRoot,
    say,
  }: {
    template?: boolean;
    /** Another template, for tests. */
    templateRoot?: string;
    /** Told what a start is doing before it takes its time: the server's start passes its log; a CLI or a test, nothing. */
    say?: (line: string) => void;
  } = {},
): Promise<Database> {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // A folder made earlier (or mounted) may be open to others: closed before anything is written.
  chmodSync(dataDir, 0o700);
  const release = acquireDataDirLock(dataDir);
  const databaseDir = join(dataDir, 'pglite');
  let pg: PGlite | undefined;
  try {
    checkPgliteFolderVersion(databaseDir, dataDir);
    const fresh = !existsSync(databaseDir) || readdirSync(databaseDir).length === 0;
    let copied = false;
    // What a first start is doing, said before it takes its time (issue 33).
    if (fresh && template) {
      const unfit = copyTemplate(databaseDir, templateRoot);
      copied = unfit === null;
      say?.(
        copied
          ? `New data folder: the embedded database in ${dataDir} starts from the build's prepared copy (a few seconds, once)`
          : `New data folder: creating the embedded database in ${dataDir} from scratch, since ${unfit} (PostgreSQL's first start: usually 5 to 60 s, once)`,
      );
    } else if (fresh) {
      say?.(`Creating an empty embedded database in ${dataDir} (PostgreSQL's first start: usually 5 to 60 s)`);
    } else {
      say?.(`Opening the embedded database in ${dataDir}`);
    }
    try {
      pg = await PGlite.create(databaseDir, { postgresqlconf: PGLITE_SETTINGS });
    } catch (error) {
      if (!copied) throw error;
      // The copy is ours alone (the folder held nothing): PostgreSQL makes a new one instead.
      logError('The database template could not be opened; creating the database instead', error);
      rmSync(databaseDir, { recursive: true, force: true });
      pg = await PGlite.create(databaseDir, { postgresqlconf: PGLITE_SETTINGS });
    }
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

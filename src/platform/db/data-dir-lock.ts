import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export class DataDirLockedError extends Error {}

// PGlite has no lock between processes, and two processes on one folder lose writes. Node has no
// flock(), but its built-in SQLite takes POSIX record locks (fcntl) on its file: an exclusive one is
// held by the kernel for the open file, not for a process id (two containers on one volume can both
// be PID 1), and the kernel drops it when its holder dies, even by kill -9, so a restart takes over
// at once. Taking it is one atomic call: of several starters exactly one wins, nothing is left to
// clean up, and the path is an ordinary file path (no Unix-socket length limit).

/**
 * An empty SQLite database (the lock writes nothing). Nothing else in this process may open it:
 * closing any descriptor of a file drops all of the process's POSIX locks on it.
 */
const LOCK_FILE = 'server.lock.sqlite';
const SQLITE_BUSY = 5;

/** Open lock connections: one collected by the garbage collector would close and free its folder. */
const held = new Set<DatabaseSync>();

function lockedError(dataDir: string): DataDirLockedError {
  return new DataDirLockedError(
    `The embedded database in ${dataDir} is in use by another process. ` +
      'Stop that process first, or set DATABASE_URL to use PostgreSQL, which many processes can share.',
  );
}

/** Holds DATA_DIR for this process until the returned release is called (or the process ends). */
export function acquireDataDirLock(dataDir: string): () => void {
  // timeout 0: a held lock answers SQLITE_BUSY at once instead of being waited for.
  const lock = new DatabaseSync(join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    // An exclusive transaction that is never ended keeps SQLite's exclusive file lock until close.
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { errcode?: number }).errcode === SQLITE_BUSY) throw lockedError(dataDir);
    throw error;
  }
  held.add(lock);
  return () => {
    if (held.delete(lock)) lock.close();
  };
}

import { openSync, readFileSync, unlinkSync, writeFileSync, closeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes, and two processes on one folder lose writes. The lock file
 * holds the owner's pid, so a lock left by a process that died (kill -9) is taken over.
 * Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const path = join(dataDir, 'server.lock');
  const mine = String(process.pid);
  try {
    const fd = openSync(path, 'wx');
    writeFileSync(fd, mine);
    closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by another process (pid ${owner}). ` +
          'Stop that process first, or set DATABASE_URL to use PostgreSQL, which many processes can share.',
      );
    }
    writeFileSync(path, mine);
  }
  return () => {
    try {
      if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

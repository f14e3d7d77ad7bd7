import { mkdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {}

// PGlite has no lock between processes, and two processes on one folder lose writes. The folder's
// owner listens on a Unix socket inside it: a second process that can connect to it knows the folder
// is in use, whatever its own process id (two containers on one volume can both be PID 1), and the
// kernel closes the socket when its owner dies, even by kill -9, so a restart takes over at once.

const SOCKET = 'server.sock';
/** Held for the few milliseconds of taking over a socket left by a dead owner. */
const TAKEOVER = 'server.sock.takeover';
/** A takeover mark older than this was left by a process that died while taking over. */
const TAKEOVER_STALE_MS = 5000;
/** Unix socket paths are limited to 108 bytes: a longer one is reached from inside the folder. */
const MAX_SOCKET_PATH = 100;

function lockedError(dataDir: string): DataDirLockedError {
  return new DataDirLockedError(
    `The embedded database in ${dataDir} is in use by another process. ` +
      'Stop that process first, or set DATABASE_URL to use PostgreSQL, which many processes can share.',
  );
}

/** Runs `open` with the socket's path, from inside the folder when its full path is too long. */
function atSocket<T>(dir: string, open: (path: string) => T): T {
  const full = join(dir, SOCKET);
  if (full.length <= MAX_SOCKET_PATH) return open(full);
  // bind() and connect() read the path at once, so the working folder is changed only around them.
  const previous = process.cwd();
  process.chdir(dir);
  try {
    return open(SOCKET);
  } finally {
    process.chdir(previous);
  }
}

function listen(dir: string): Promise<Server | 'in_use'> {
  return new Promise((done, fail) => {
    const server = createServer((connection) => connection.destroy());
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? done('in_use') : fail(error)));
    atSocket(dir, (path) => server.listen(path, () => done(server.unref())));
  });
}

/** True when a live process answers on the folder's socket. */
function answered(dir: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = atSocket(dir, (path) => createConnection(path));
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

function takeTakeoverMark(dir: string): boolean {
  const mark = join(dir, TAKEOVER);
  try {
    mkdirSync(mark);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(mark).mtimeMs > TAKEOVER_STALE_MS) rmdirSync(mark);
    } catch {
      // Removed by its owner meanwhile.
    }
    return false;
  }
}

/** Holds DATA_DIR for this process until the returned release is called (or the process ends). */
export async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  const dir = resolve(dataDir);
  for (let attempt = 0; attempt < 100; attempt++) {
    const server = await listen(dir);
    if (server !== 'in_use') return () => server.close();
    if (await answered(dir)) throw lockedError(dataDir);
    // A socket left by a dead owner: one process at a time removes it and listens in its place.
    if (!takeTakeoverMark(dir)) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    try {
      if (await answered(dir)) throw lockedError(dataDir);
      try {
        unlinkSync(join(dir, SOCKET));
      } catch {
        // Already gone.
      }
      const taken = await listen(dir);
      if (taken !== 'in_use') return () => taken.close();
    } finally {
      rmdirSync(join(dir, TAKEOVER));
    }
  }
  throw lockedError(dataDir);
}

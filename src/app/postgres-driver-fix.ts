// postgres.js 3.4.9 (the newest release) ends the whole process when PostgreSQL goes away under a
// reserved connection, and every transaction here runs on one (src/platform/db/postgres.ts): a
// database that restarts, or a network that drops between two queries, took the server down. A write
// smaller than 1 KB waits for a setImmediate; when the connection has closed by then, that callback
// writes to a socket that is gone and throws where no caller can catch it (porsager/postgres issues
// 1154 and 1208; the fixes proposed there are not released).
//
// The driver's modules are changed as Node loads them (./resolve-hooks.ts), in three places:
// - a write that finds no socket rejects its queries with CONNECTION_CLOSED, as a closed connection
//   does, instead of throwing, and forgets them (ending the pool waited for their answer);
// - a closed connection forgets its pending write: the driver cleared the timer but kept its handle,
//   so once reconnected, every small write waited for a timer that never fired;
// - a reserved connection released after it closed stays among the closed ones, to be connected again
//   by the next query, instead of being handed out as open with no socket.
// src/app/postgres-driver-fix.test.ts checks that each change applies to what is installed, and that
// the process survives the database going away and uses it again once it is back.

export interface SourceFix {
  before: string;
  after: string;
}

/** For each fixed module (its path inside the package), the text changed and what it becomes; each is found exactly once. */
export const DRIVER_FIXES: Readonly<Record<string, readonly SourceFix[]>> = {
  'src/connection.js': [
    {
      before: 'function nextWrite(fn) {\n',
      after:
        'function nextWrite(fn) {\n' +
        "    if (!socket) return (chunk = nextWriteTimer = null, error(Errors.connection('CONNECTION_CLOSED', options)), query = null, false)\n",
    },
    {
      before: 'clearImmediate(nextWriteTimer)\n    socket.removeListener',
      after: 'clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener',
    },
  ],
  'src/index.js': [
    {
      before: 'c.reserved = null\n      onopen(c)\n',
      after: 'c.reserved = null\n      c.queue === closed ? queries.length && connect(c, queries.shift()) : onopen(c)\n',
    },
  ],
};

/** The fixed module a URL loads (`src/connection.js`, as ES module or CommonJS), or null for any other file. */
export function driverModule(url: string): string | null {
  const match = /\/node_modules\/postgres\/(?:cjs\/)?(src\/(?:connection|index)\.js)$/.exec(url);
  return match ? match[1]! : null;
}

/** `source` of `module` with every fix applied, or null when one no longer matches (a new driver release). */
export function fixedDriverSource(module: string, source: string): string | null {
  let fixed = source;
  for (const { before, after } of DRIVER_FIXES[module] ?? []) {
    const at = fixed.indexOf(before);
    if (at < 0 || fixed.indexOf(before, at + 1) >= 0) return null;
    fixed = fixed.slice(0, at) + after + fixed.slice(at + before.length);
  }
  return fixed;
}

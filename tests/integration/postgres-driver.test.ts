import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/database.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

// src/app/postgres-driver-fix.ts: PostgreSQL going away under a transaction's reserved connection
// ended the server's process (a TypeError thrown from the driver's setImmediate). The script runs in a
// process of its own, as the server does: with the hooks main.ts is started with, and without them.
const ROOT = new URL('../../', import.meta.url).pathname;

/** A transaction whose connection PostgreSQL ends (a restart, a dropped network), then the next transaction. */
const TRANSACTION_CUT = `
  import postgres from 'postgres';
  import { beginOnReserved } from '#platform/db/postgres.ts';
  const url = process.env.TEST_DATABASE_URL;
  let connectionClosed;
  const closed = new Promise((resolve) => (connectionClosed = resolve));
  const sql = postgres(url, { max: 2, onnotice() {}, onclose: () => connectionClosed() });
  const admin = postgres(url, { max: 1, onnotice() {} });
  const first = await beginOnReserved(sql, async (tx) => {
    const [{ pid }] = await tx\`SELECT pg_backend_pid() AS pid\`;
    await admin\`SELECT pg_terminate_backend(\${pid})\`;
    await closed;
    await tx\`SELECT 1\`;
  }).then(() => 'committed', (error) => error.code);
  const second = await beginOnReserved(sql, async (tx) => (await tx\`SELECT 2 AS two\`)[0].two);
  await sql.end({ timeout: 10 });
  await admin.end();
  console.log(JSON.stringify({ first, second }));
`;

/**
 * A connection whose close is handled while a query's write waits for its turn (the driver writes
 * small messages on the next turn of the event loop), then the next query. The socket reports its
 * close by hand, before that turn, as it does when its close is handled first in the same turn.
 */
const CLOSED_WHILE_WRITING = `
  import net from 'node:net';
  import postgres from 'postgres';
  const url = new URL(process.env.TEST_DATABASE_URL);
  const sockets = [];
  const connect = () => sockets[sockets.push(net.connect(Number(url.port || 5432), url.hostname)) - 1];
  const sql = postgres(url.href, { max: 1, onnotice() {}, connect_timeout: 2, socket: connect });
  await sql\`SELECT 1\`;
  const socket = sockets.at(-1);
  const pending = sql\`SELECT 1\`.then(() => 'answered', (error) => error.code);
  await null;
  socket.emit('close', false);
  socket.destroy();
  const first = await pending;
  const second = await sql\`SELECT 2 AS two\`.then(([row]) => row.two, (error) => error.code);
  await sql.end({ timeout: 2 });
  console.log(JSON.stringify({ first, second }));
`;

function run(script: string, flags: string[]) {
  return spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
}

const WITH_THE_FIX = ['--import=./src/app/resolve-hooks.ts'];

describe.runIf(databaseKind === 'postgres')(
  'the PostgreSQL driver, when the database ends a transaction’s connection',
  { timeout: withServerStarts(2) },
  () => {
    it('fails that transaction with CONNECTION_CLOSED, keeps the process, and runs the next one on a new connection', () => {
      const fixed = run(TRANSACTION_CUT, WITH_THE_FIX);
      expect(fixed.stderr).toBe('');
      expect(fixed.status).toBe(0);
      expect(JSON.parse(fixed.stdout)).toEqual({ first: 'CONNECTION_CLOSED', second: 2 });
    });

    it('connects again for the next query after a close that came while a write waited', () => {
      const fixed = run(CLOSED_WHILE_WRITING, WITH_THE_FIX);
      expect([fixed.status, fixed.stderr]).toEqual([0, '']);
      expect(JSON.parse(fixed.stdout)).toEqual({ first: 'CONNECTION_CLOSED', second: 2 });
    });

    // The day one of these fails, the driver has its own fix and src/app/postgres-driver-fix.ts can go.
    it('without the fix, the process ends, and a connection closed while a write waited never connects again', () => {
      const plain = run(TRANSACTION_CUT, []);
      expect(plain.status).not.toBe(0);
      expect(plain.stderr).toContain("Cannot read properties of null (reading 'write')");
      expect(JSON.parse(run(CLOSED_WHILE_WRITING, []).stdout)).toEqual({ first: 'CONNECTION_CLOSED', second: 'CONNECT_TIMEOUT' });
    });
  },
);

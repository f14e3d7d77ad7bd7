import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_APP_SECRET } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind, throwawayPostgresDatabase } from '../helpers/database.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';
import { tcpProxy } from '../helpers/tcp-proxy.ts';

// Issue 14, point 2: what a load balancer or an orchestrator asks, answered without a session.

async function startServer(env: Record<string, string>) {
  const server = spawnServer({ APP_SECRET: TEST_APP_SECRET, ...env, PORT: String(await freePort()) });
  await server.ready();
  return server;
}

async function probe(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}

/** Polls /readyz until it answers `status`, or fails with the last answer. */
async function readyzBecomes(url: string, status: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await probe(`${url}/readyz`);
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await probe(`${url}/readyz`);
  }
  expect(last.status, last.text).toBe(status);
  return last;
}

async function answersWithoutSessionOrSecrets(url: string, secrets: string[]) {
  // A signed-in browser's cookie changes nothing either.
  const workspace = newWorkspace();
  const client = new Client(url);
  expect((await client.post('/api/register', workspace)).status).toBe(201);
  const cookies: Record<string, string>[] = [{}, { cookie: `rc_session=${client.cookie('rc_session')}` }, { cookie: 'rc_session=forged' }];
  for (const headers of cookies) {
    for (const [path, body] of [
      ['/healthz', { status: 'ok' }],
      ['/readyz', { status: 'ready' }],
    ] as const) {
      const answer = await probe(`${url}${path}`, { headers });
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
      expect(answer.json).toEqual(body);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.headers.get('location')).toBeNull();
      for (const secret of secrets) expect(answer.text).not.toContain(secret);

      const head = await probe(`${url}${path}`, { method: 'HEAD', headers });
      expect([head.status, head.text]).toEqual([200, '']);
    }
  }
}

describe.runIf(databaseKind === 'pglite')('health checks on the embedded database', { timeout: withServerStarts(1) }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'rc-health-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('/healthz and /readyz answer 200 as JSON, without a session, a redirect or any configuration', async () => {
    const server = await startServer({ DATA_DIR: dir, DATABASE_URL: '' });
    try {
      await answersWithoutSessionOrSecrets(server.url, [dir, TEST_APP_SECRET]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe.runIf(databaseKind === 'postgres')('health checks on PostgreSQL', { timeout: withServerStarts(1) }, () => {
  const database = throwawayPostgresDatabase('rc_health');

  it('/healthz and /readyz answer 200 as JSON, without a session, a redirect or any configuration', async () => {
    const server = await startServer({ DATABASE_URL: database.url() });
    try {
      await answersWithoutSessionOrSecrets(server.url, [database.url(), new URL(database.url()).pathname.slice(1), TEST_APP_SECRET]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it(
    '/readyz answers 503 "database unreachable" while the database is down, and 200 again when it returns',
    async () => {
      const proxy = await tcpProxy(new URL(database.url()));
      const server = await startServer({ DATABASE_URL: proxy.via(database.url()) });
      let exitCode: number | null;
      try {
        await readyzBecomes(server.url, 200);
        await proxy.down();
        const down = await readyzBecomes(server.url, 503);
        expect(down.json).toEqual({ status: 'unavailable', reason: 'database unreachable' });
        expect(down.headers.get('cache-control')).toBe('no-store');
        expect((await probe(`${server.url}/healthz`)).json).toEqual({ status: 'ok' });

        await proxy.up();
        expect((await readyzBecomes(server.url, 200)).json).toEqual({ status: 'ready' });
      } catch (error) {
        // The server's own words say whether it answered wrong or ended (src/app/postgres-driver-fix.ts).
        throw new Error(`${error}\nThe server's output:\n${server.output()}`, { cause: error });
      } finally {
        exitCode = await server.stop();
        await proxy.down();
      }
      // It outlived the outage and stops as it should.
      expect(exitCode).toBe(0);
    },
    withServerStarts(1, 60_000),
  );

  it('/readyz answers 503 "migrations pending" while a migration is not applied', async () => {
    const server = await startServer({ DATABASE_URL: database.url() });
    const db = postgres(database.url(), { max: 1, onnotice: () => {} });
    try {
      const [last] = await db`SELECT name, applied_at FROM schema_migrations ORDER BY name DESC LIMIT 1`;
      await db`DELETE FROM schema_migrations WHERE name = ${last!.name}`;
      expect((await readyzBecomes(server.url, 503)).json).toEqual({ status: 'unavailable', reason: 'migrations pending' });
      await db`INSERT INTO schema_migrations (name, applied_at) VALUES (${last!.name}, ${last!.applied_at})`;
      await readyzBecomes(server.url, 200);
    } finally {
      await db.end();
      await server.stop();
    }
  });
});

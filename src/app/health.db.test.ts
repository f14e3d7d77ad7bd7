import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseChecks, readinessProbe, withHealthRoutes, type Readiness } from './health.ts';
import { log } from '#platform/log/log.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

afterEach(() => vi.restoreAllMocks());

const check = (reason: string, ready: () => Promise<boolean>) => ({ reason, ready });

describe('readinessProbe', () => {
  it('answers with the reason of the first check that fails, rejects or does not answer in time', async () => {
    const errors = vi.spyOn(log, 'error').mockImplementation(() => {});
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    const ok = check('never', async () => true);
    expect(await readinessProbe([ok])()).toEqual({ status: 'ready' });
    expect(await readinessProbe([ok, check('migrations pending', async () => false), check('later', async () => false)])()).toEqual({
      status: 'unavailable',
      reason: 'migrations pending',
    });
    const refused = new Error('connect ECONNREFUSED db.internal:5432 user=secret');
    expect(await readinessProbe([check('database unreachable', () => Promise.reject(refused))])()).toEqual({
      status: 'unavailable',
      reason: 'database unreachable',
    });
    expect(await readinessProbe([check('database unreachable', () => new Promise(() => {}))], 20)()).toEqual({
      status: 'unavailable',
      reason: 'database unreachable',
    });
    expect(JSON.stringify(errors.mock.calls)).toMatch(/ECONNREFUSED.*Not ready: database unreachable/);
  });

  it('logs a failure once, when readiness changes, not at every probe', async () => {
    const warnings = vi.spyOn(log, 'warn').mockImplementation(() => {});
    const infos = vi.spyOn(log, 'info').mockImplementation(() => {});
    let up = false;
    const probe = readinessProbe([check('database unreachable', async () => up)]);
    for (let i = 0; i < 3; i++) await probe();
    expect(warnings).toHaveBeenCalledTimes(1);
    up = true;
    expect(await probe()).toEqual({ status: 'ready' });
    expect(infos).toHaveBeenCalledWith('Ready again (was: database unreachable)');
  });
});

describe('databaseChecks', () => {
  it('pass on a migrated database, and name a missing migration or a closed database', async () => {
    vi.spyOn(log, 'error').mockImplementation(() => {});
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    const database = await migratedMemoryDatabase();
    const probe = () => readinessProbe(databaseChecks(database))();
    expect(await probe()).toEqual({ status: 'ready' });
    expect(await readinessProbe(databaseChecks(database, ['9999_not_yet.sql']))()).toEqual({ status: 'unavailable', reason: 'migrations pending' });
    await database.close();
    expect(await probe()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
  });
});

describe('withHealthRoutes', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  async function serve(readiness: () => Promise<Readiness>) {
    const app = vi.fn((_req, res) => res.end('app'));
    server = createServer(withHealthRoutes(app, { readiness, https: false }));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { app, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it('answers /healthz without asking readiness, and /readyz with it, as uncached JSON', async () => {
    const readiness = vi.fn(async (): Promise<Readiness> => ({ status: 'unavailable', reason: 'shutting down' }));
    const { app, url } = await serve(readiness);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(readiness).not.toHaveBeenCalled();

    const ready = await fetch(`${url}/readyz?probe=1`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
    expect(app).not.toHaveBeenCalled();
  });

  it('answers HEAD without a body, refuses other methods, and passes every other path to the app', async () => {
    const { app, url } = await serve(async () => ({ status: 'ready' }));
    const head = await fetch(`${url}/readyz/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${url}/healthz`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await (await fetch(`${url}/healthzz`)).text()).toBe('app');
    expect(app).toHaveBeenCalledTimes(1);
  });
});

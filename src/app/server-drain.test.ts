import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainable } from './server-drain.ts';

let server: Server | undefined;
afterEach(() => server?.closeAllConnections());

async function serve(delays: Record<string, number>) {
  server = createServer((req, res) => {
    setTimeout(() => res.end(`done ${req.url}`), delays[req.url ?? ''] ?? 0);
  });
  const drain = drainable(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ body, connection: res.headers.connection }));
      })
        .on('error', reject)
        .end();
    });
  return { drain, get };
}

describe('drainable', () => {
  it('lets a request in flight finish, closes its kept-alive connection, and refuses new ones', async () => {
    const { drain, get } = await serve({ '/slow': 300 });
    expect((await get('/first')).connection).toBe('keep-alive');
    const slow = get('/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const draining = drain.drain(5000);
    expect(await slow).toEqual({ body: 'done /slow', connection: 'close' });
    expect(await draining).toBe(true);
    // Well before node's 5 s keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(get('/after')).rejects.toThrow();
  });

  it('cuts what is still running at the deadline', async () => {
    const { drain, get } = await serve({ '/stuck': 60_000 });
    const stuck = get('/stuck');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await drain.drain(100)).toBe(false);
    await expect(stuck).rejects.toThrow();
  });
});

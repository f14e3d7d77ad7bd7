import { rawRequest } from '#testing/raw-http.ts';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { withCompression } from './compress.ts';
import { PageCache } from './page-cache.ts';

let server: Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

const page = '<!doctype html><title>Landing</title>' + '<p>Turn reviews into a team sport.</p>'.repeat(100);

async function serve(app: RequestListener, cache: PageCache): Promise<string> {
  const inner = withCompression(cache.filling(app));
  server = createServer((req, res) => {
    if (!cache.serve(req, res)) inner(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const get = rawRequest;

describe('PageCache', () => {
  it('renders the page once, then answers it from memory in each coding with its headers', async () => {
    let renders = 0;
    const url = await serve(
      (_req, res) => {
        renders++;
        res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'", 'x-request-id': 'first' });
        res.write(page.slice(0, 500));
        res.end(page.slice(500));
      },
      new PageCache({ paths: ['/'] }),
    );

    const first = await get(url + '/', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(first.body).toString()).toBe(page);
    await sleep(100); // the kept copy is compressed in the background
    const br = await get(url + '/', { 'accept-encoding': 'gzip, br' });
    const gz = await get(url + '/', { 'accept-encoding': 'gzip' });
    const plain = await get(url + '/');
    expect(renders).toBe(1);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(gunzipSync(gz.body).toString()).toBe(page);
    expect(plain.body.toString()).toBe(page);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const answer of [br, gz, plain]) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'self'");
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['x-request-id']).not.toBe('first');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    const head = await get(url + '/', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(br.body.length));
  });

  it('always asks the app for visitors with a session, other paths, and answers that set a cookie', async () => {
    let renders = 0;
    const url = await serve(
      (req, res) => {
        renders++;
        const headers: Record<string, string> = { 'content-type': 'text/html' };
        if (req.url === '/?cookie') headers['set-cookie'] = 'a=b';
        res.writeHead(200, headers);
        res.end(page);
      },
      new PageCache({ paths: ['/', '/?cookie'] }),
    );
    await get(url + '/', { cookie: 'rc_session=abc' });
    await sleep(50);
    await get(url + '/', { cookie: 'theme=dark; rc_session=abc' });
    await get(url + '/login');
    await sleep(50);
    await get(url + '/login');
    await get(url + '/?cookie');
    await sleep(50);
    await get(url + '/?cookie');
    expect(renders).toBe(6);
  });

  it('renders again once the kept copy is older than maxAgeMs', async () => {
    let renders = 0;
    let clock = 0;
    const url = await serve(
      (_req, res) => {
        renders++;
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(page);
      },
      new PageCache({ paths: ['/'], maxAgeMs: 1000, now: () => clock }),
    );
    await get(url + '/');
    await sleep(50);
    await get(url + '/');
    expect(renders).toBe(1);
    clock = 2000;
    await get(url + '/');
    expect(renders).toBe(2);
  });
});

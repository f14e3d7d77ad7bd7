import { rawRequest } from '#testing/raw-http.ts';
import { createServer, request, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ONE_SHOT_MAX_BYTES, withCompression } from './compress.ts';

let server: Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

async function serve(handler: RequestListener): Promise<string> {
  server = createServer(withCompression(handler));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const get = rawRequest;

const bigJson = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item ${i}` })) });
const json: RequestListener = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(bigJson);
};

describe('withCompression', () => {
  it('answers brotli or gzip by Accept-Encoding, decoding to the same bytes', async () => {
    const url = await serve(json);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    // Written whole in one turn: compressed in one call, its encoded length declared.
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(brotliDecompressSync(br.body).toString()).toBe(bigJson);
    expect(br.body.length).toBeLessThan(bigJson.length / 3);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bigJson);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(bigJson);
  });

  it('streams an answer larger than a one-call compression takes, declared or not', async () => {
    const huge = 'x'.repeat(ONE_SHOT_MAX_BYTES + 1);
    for (const declared of [true, false]) {
      const url = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', ...(declared ? { 'content-length': String(huge.length) } : {}) });
        res.end(huge);
      });
      const answer = await get(url, { 'accept-encoding': 'br' });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-length']).toBeUndefined();
      expect(brotliDecompressSync(answer.body).toString()).toBe(huge);
      await new Promise((resolve) => server!.close(resolve));
      server = null;
    }
  });

  it('compresses a body written in many pieces, with implicit headers', async () => {
    const url = await serve(async (_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      for (let i = 0; i < 50; i++) {
        res.write(`<p>paragraph number ${i} of the page</p>`);
        await new Promise((r) => setImmediate(r));
      }
      res.end('</html>');
    });
    const answer = await get(url, { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    const expected = Array.from({ length: 50 }, (_, i) => `<p>paragraph number ${i} of the page</p>`).join('') + '</html>';
    expect(brotliDecompressSync(answer.body).toString()).toBe(expected);
  });

  it('sends what a streamed page has written so far, compressed, before the page ends', async () => {
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const head = `<html><head><title>Wallboard</title></head><body>${'<div class="team">Front Desk</div>'.repeat(60)}`;
    const calledBack: string[] = [];
    const url = await serve(async (_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.write(head.slice(0, 1500), () => calledBack.push('first'));
      res.write(head.slice(1500), () => calledBack.push('second'));
      await rest;
      res.end('</body></html>');
    });
    const decoded: Buffer[] = [];
    const firstPart = new Promise<string>((resolve, reject) => {
      request(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('br');
        const decoder = createBrotliDecompress();
        res.pipe(decoder);
        decoder.on('data', (chunk: Buffer) => {
          decoded.push(chunk);
          if (Buffer.concat(decoded).toString() === head) resolve(head);
        });
      })
        .on('error', reject)
        .end();
    });
    expect(await firstPart).toBe(head);
    expect(calledBack).toEqual(['first', 'second']);
    finish();
  });

  it('compresses an answer that declares its length, and weakens its ETag', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/css', 'content-length': Buffer.byteLength(bigJson), etag: '"abc"' });
      res.end(bigJson);
    });
    const answer = await get(url, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.etag).toBe('W/"abc"');
    expect(gunzipSync(answer.body).toString()).toBe(bigJson);
  });

  it('leaves answers under 1 KB alone', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"ok":');
      res.end('true}');
    });
    const answer = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe('11');
    expect(answer.body.toString()).toBe('{"ok":true}');
  });

  it('leaves images, already-encoded, no-transform, HEAD, 204 and 304 answers alone', async () => {
    const url = await serve((req, res) => {
      const kind = req.url!.slice(1);
      if (kind === 'png') res.writeHead(200, { 'content-type': 'image/png' });
      if (kind === 'encoded') res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      if (kind === 'no-transform') res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-transform' });
      if (kind === 'head') res.writeHead(200, { 'content-type': 'text/html' });
      if (kind === '204') return res.writeHead(204).end();
      if (kind === '304') return res.writeHead(304, { 'content-type': 'text/html' }).end();
      res.end(req.method === 'HEAD' ? undefined : bigJson);
    });
    for (const kind of ['png', 'encoded', 'no-transform']) {
      const answer = await get(`${url}/${kind}`, { 'accept-encoding': 'br' });
      expect(answer.body.toString(), kind).toBe(bigJson);
      expect(answer.headers['content-encoding'], kind).toBe(kind === 'encoded' ? 'gzip' : undefined);
    }
    const head = await get(`${url}/head`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect((await get(`${url}/204`, { 'accept-encoding': 'br' })).status).toBe(204);
    const notModified = await get(`${url}/304`, { 'accept-encoding': 'br' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses or holds back an event stream', async () => {
    let finish: () => void = () => {};
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: hello\ndata: {}\n\n');
      finish = () => res.end();
    });
    const first = await new Promise<{ encoding: string | undefined; chunk: string }>((resolve, reject) => {
      const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        res.once('data', (chunk) => resolve({ encoding: res.headers['content-encoding'], chunk: chunk.toString() }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(first).toEqual({ encoding: undefined, chunk: 'event: hello\ndata: {}\n\n' });
    finish();
  });
});

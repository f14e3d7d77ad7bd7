import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawAnswer } from '#testing/raw-http.ts';
import { TEST_APP_SECRET } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind } from '../helpers/database.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

// Issue 16 point 1 (docs/decisions/040): answers compressed by Accept-Encoding, static files
// precompressed and cached for a year under /_astro/, event streams never compressed.

const raw = (url: string, headers: Record<string, string> = {}) => rawRequest(url, headers);

function decoded(answer: RawAnswer): Buffer {
  const coding = answer.headers['content-encoding'];
  return coding === 'br' ? brotliDecompressSync(answer.body) : coding === 'gzip' ? gunzipSync(answer.body) : answer.body;
}

/** Each coding a client may ask for gives the same bytes; the compressed ones are marked and smaller. */
async function expectCompressed(url: string, headers: Record<string, string> = {}) {
  const plain = await raw(url, { ...headers, 'accept-encoding': 'identity' });
  expect(plain.status, url).toBe(200);
  expect(plain.body.length, url).toBeGreaterThan(1024);
  expect(plain.headers['content-encoding'], url).toBeUndefined();
  for (const [accept, coding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
  ] as const) {
    const answer = await raw(url, { ...headers, 'accept-encoding': accept });
    expect(answer.headers['content-encoding'], `${url} ${accept}`).toBe(coding);
    expect(answer.headers.vary, url).toMatch(/accept-encoding/i);
    expect(answer.body.length, url).toBeLessThan(plain.body.length);
    expect(decoded(answer).equals(plain.body), `${url} ${accept} decodes to the same bytes`).toBe(true);
  }
  return plain;
}

describe.runIf(databaseKind === 'pglite')('compression and caching', () => {
  let server: ReturnType<typeof spawnServer>;
  let dataDir: string;
  const workspace = newWorkspace();
  let client: Client;
  let cookie: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rc-compression-'));
    server = spawnServer({ APP_SECRET: TEST_APP_SECRET, DEFAULT_PLAN: 'agency', DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(await freePort()) });
    await server.ready();
    client = new Client(server.url);
    expect((await client.post('/api/register', workspace)).status).toBe(201);
    expect((await client.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
    for (const name of ['Front Desk', 'Advisors', 'Tax Team', 'Payroll']) {
      const made = await client.post('/api/teams', { name });
      expect(made.status, made.text).toBe(201);
    }
    cookie = `rc_session=${client.cookie('rc_session')}`;
  }, withServerStarts(1));

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('compresses the landing page, rendered and then kept, with its security headers', async () => {
    const first = await expectCompressed(`${server.url}/`);
    const again = await expectCompressed(`${server.url}/`);
    expect(again.body.equals(first.body)).toBe(true);
    const kept = await raw(`${server.url}/`, { 'accept-encoding': 'br' });
    expect(kept.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(kept.headers['x-frame-options']).toBe('DENY');
    expect(kept.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(kept.headers['x-request-id']).not.toBe((await raw(`${server.url}/`, { 'accept-encoding': 'br' })).headers['x-request-id']);
    // A signed-in visitor is still sent to their workspace.
    const signedIn = await raw(`${server.url}/`, { cookie, 'accept-encoding': 'br' });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.location).toBe(`/${workspace.slug}`);
  });

  it('compresses a workspace page and JSON over 1 KB', async () => {
    await expectCompressed(`${server.url}/${workspace.slug}`, { cookie });
    const dashboard = await expectCompressed(`${server.url}/api/dashboard`, { cookie });
    expect(JSON.parse(dashboard.body.toString()).teams.length).toBeGreaterThanOrEqual(4);
  });

  it('serves CSS and JavaScript precompressed, cached for a year', async () => {
    const page = (await raw(`${server.url}/${workspace.slug}`, { cookie })).body.toString();
    const assets = [...new Set(page.match(/\/_astro\/[\w.-]+\.(?:css|js)/g) ?? [])];
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    let compressed = 0;
    for (const asset of assets) {
      const plain = await raw(server.url + asset, { 'accept-encoding': 'identity' });
      expect(plain.status, asset).toBe(200);
      expect(plain.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      if (plain.body.length < 1024) continue;
      compressed++;
      await expectCompressed(server.url + asset);
      const br = await raw(server.url + asset, { 'accept-encoding': 'br' });
      expect(br.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type'], asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
    }
    expect(compressed).toBeGreaterThan(0);
  });

  it('leaves tiny answers alone', async () => {
    const status = await raw(`${server.url}/api/auth/status`, { 'accept-encoding': 'br, gzip' });
    expect(status.status).toBe(200);
    expect(status.body.length).toBeLessThan(1024);
    expect(status.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(status.body.toString())).toBeTypeOf('object');
  });

  it('never compresses the event stream, which still delivers events at once', async () => {
    const stream = await openEventStream(`${server.url}/api/events`, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    try {
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get('content-encoding')).toBeNull();
      await stream.waitFor((e) => e.event === 'data_update');
      const sent = Date.now();
      expect((await client.post('/api/test-review', { reviewerName: 'Sarah Kim', rating: 5, reviewText: 'Great service', source: 'google' })).status).toBe(201);
      await stream.waitFor((e) => e.event === 'reviewAdded', 2000);
      expect(Date.now() - sent).toBeLessThan(2000);
    } finally {
      await stream.close();
    }
  });
});

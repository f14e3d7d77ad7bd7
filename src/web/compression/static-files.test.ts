import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, withStaticFiles } from './static-files.ts';

// The built client's files in front of the app (docs/decisions/074): a file is served under the name
// it has in the folder, anything else reaches the app without a look at the disk.

describe('withStaticFiles', () => {
  let dir: string;
  let server: Server;
  let url: string;
  const appSaw: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rc-static-'));
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, '_astro', 'app.1a2b.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dir, '.secret'), 'no');
    server = createServer(
      withStaticFiles((req, res) => {
        appSaw.push(req.url!);
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('the app');
      }, dir),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a file of the folder, hashed ones cached for a year, and a range of one', async () => {
    const script = await fetch(`${url}/_astro/app.1a2b.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log(1)');
    expect(script.headers.get('cache-control')).toBe(IMMUTABLE);
    const icon = await fetch(`${url}/favicon.svg?v=2`);
    expect([icon.status, icon.headers.get('content-type'), icon.headers.get('cache-control')]).toEqual([200, 'image/svg+xml', 'public, max-age=0']);
    const part = await fetch(`${url}/favicon.svg`, { headers: { range: 'bytes=1-3' } });
    expect([part.status, await part.text()]).toEqual([206, 'svg']);
    expect(appSaw).toEqual([]);
  });

  it('leaves to the app every other path, a folder, a dotfile, a missing file, and a name added after the start', async () => {
    writeFileSync(join(dir, 'later.txt'), "not read: the names are the start's");
    for (const path of ['/api/dashboard', '/my-office', '/_astro', '/_astro/', '/.secret', '/_astro/missing.js', '/later.txt', '/']) {
      const res = await fetch(`${url}${path}`);
      expect([path, res.status, await res.text()]).toEqual([path, 404, 'the app']);
    }
    expect(appSaw).toEqual(['/api/dashboard', '/my-office', '/_astro', '/_astro/', '/.secret', '/_astro/missing.js', '/later.txt', '/']);
  });

  it('refuses a request whose address cannot be decoded, as the adapter did', async () => {
    for (const path of ['/%E0%A4%A', '/api/dashboard?q=%E0%A4%A']) {
      const res = await fetch(`${url}${path}`);
      expect([res.status, await res.text()]).toEqual([400, 'Bad request.']);
    }
  });
});

// `npm run bench:weight`: every page's JavaScript, CSS and HTML, gzipped, as the built app serves it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, newWorkspace } from '../tests/helpers/client.ts';
import { freePort, spawnServer } from '../tests/helpers/server-process.ts';
import { kb, measurePage } from './lib/page-weight.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'rc-bench-weight-'));
const server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(await freePort()) });
try {
  await server.ready();
  const client = new Client(server.url);
  const workspace = newWorkspace();
  const registered = await client.post('/api/register', workspace);
  const session = registered.headers.getSetCookie()[0]!.split(';')[0]!;
  await client.post('/api/auth/admin', { password: workspace.adminPassword });
  const kioskPath = new URL((await client.post('/api/admin/kiosk-links', { label: 'TV' })).json.url).pathname;

  const pages: [string, Record<string, string>][] = [
    ['/', {}],
    ['/login', {}],
    ['/register', {}],
    [`/${workspace.slug}`, { cookie: session }],
    [`/${workspace.slug}/admin`, { cookie: session }],
    [`/${workspace.slug}/admin`, { cookie: `rc_session=${client.cookie('rc_session')}` }],
    [kioskPath, {}],
    [`/${workspace.slug}/review-request`, { cookie: session }],
    [`/${workspace.slug}/requests-report`, { cookie: session }],
    [`/${workspace.slug}/reviews`, { cookie: session }],
    [`/${workspace.slug}/no-such-page`, { cookie: session }],
  ];
  console.log(`${'page'.padEnd(34)}${'status'.padStart(7)}${'JS'.padStart(10)}${'CSS'.padStart(10)}${'HTML'.padStart(10)}`);
  for (const [path, headers] of pages) {
    const w = await measurePage(server.url, path, headers);
    const label =
      path.replace(workspace.slug, '{slug}').replace(kioskPath, '/wall/{token}') +
      (headers.cookie?.includes(client.cookie('rc_session')!) ? ' (unlocked)' : '');
    console.log(`${label.padEnd(34)}${String(w.status).padStart(7)}${kb(w.js).padStart(10)}${kb(w.css).padStart(10)}${kb(w.html).padStart(10)}`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

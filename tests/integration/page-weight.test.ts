import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurePage } from '../../scripts/lib/page-weight.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind } from '../helpers/database.ts';

// Bytes of the built app are deterministic, so the budget is a plain assertion.
const PUBLIC_PAGE_JS_BUDGET = 15 * 1024;
const WALLBOARD_JS_BUDGET = 40 * 1024;

describe.runIf(databaseKind === 'pglite')('page weight of the built app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it.each(['/', '/login', '/register', '/forgot-password', '/reset-password'])('%s ships at most 15 KB of gzipped JavaScript', async (path) => {
    const weight = await measurePage(app.url, path);
    expect(weight.status).toBe(200);
    expect(weight.js).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGET);
  });

  it('the wallboard and the kiosk page ship at most 40 KB of gzipped JavaScript each', async () => {
    const admin = new Client(app.url);
    const workspace = newWorkspace();
    await admin.post('/api/register', workspace);
    await admin.post('/api/auth/admin', { password: workspace.adminPassword });
    const link = (await admin.post('/api/admin/kiosk-links', { label: 'TV' })).json;

    const wallboard = await measurePage(app.url, `/${workspace.slug}`, { cookie: `rc_session=${admin.cookie('rc_session')}` });
    const kiosk = await measurePage(app.url, new URL(link.url).pathname);
    for (const weight of [wallboard, kiosk]) {
      expect(weight.status).toBe(200);
      expect(weight.files.some((f) => f.includes('Wallboard'))).toBe(true);
      expect(weight.js).toBeLessThanOrEqual(WALLBOARD_JS_BUDGET);
    }
  });

  it('the demo wallboard ships at most 40 KB of gzipped JavaScript', async () => {
    const weight = await measurePage(app.url, '/demo');
    expect(weight.status).toBe(200);
    expect(weight.files.some((f) => f.includes('DemoWallboard'))).toBe(true);
    expect(weight.js).toBeLessThanOrEqual(WALLBOARD_JS_BUDGET);
  });

  it('counts the islands of a page (the measure sees real scripts)', async () => {
    const weight = await measurePage(app.url, '/login');
    expect(weight.files.some((f) => f.includes('LoginForm'))).toBe(true);
    expect(weight.js).toBeGreaterThan(2 * 1024);
  });
});

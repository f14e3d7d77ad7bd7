import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

// Issue 11: sessions that end, and guessing that stops.

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

async function owner() {
  const client = new Client(app.url, { origin: app.url });
  const workspace = newWorkspace();
  expect((await client.post('/api/register', workspace)).status).toBe(201);
  expect((await client.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
  return { client, workspace };
}

/** A browser that kept a copy of another's session cookie. */
function copyOf(client: Client): Client {
  return new Client(app.url, { origin: app.url, cookie: `rc_session=${client.cookie('rc_session')}` });
}

describe('sessions', () => {
  it('end at logout: a cookie saved before it answers 401 after it', async () => {
    const { client } = await owner();
    const saved = copyOf(client);
    expect((await saved.get('/api/admin/crm-webhook')).status).toBe(200);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await saved.get('/api/dashboard')).status).toBe(401);
    expect((await saved.get('/api/admin/crm-webhook')).status).toBe(401);
    expect((await saved.get('/api/auth/status')).json).toEqual({ authenticated: false });
  });

  it('end, on every other browser, when the staff password changes; the changer stays in', async () => {
    const { client, workspace } = await owner();
    const other = new Client(app.url, { origin: app.url });
    expect((await other.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    const saved = copyOf(client);

    const res = await client.request('PUT', '/api/admin/passwords', { staffPassword: 'new-staff-pass', currentAdminPassword: workspace.adminPassword });
    expect(res.status).toBe(200);
    expect((await other.get('/api/dashboard')).status).toBe(401);
    expect((await client.get('/api/dashboard')).status).toBe(200);
    // The copy of the changer's own cookie is the same session: it was not another browser's.
    expect((await saved.get('/api/dashboard')).status).toBe(200);
    expect((await new Client(app.url).post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(401);
    expect((await new Client(app.url).post('/api/auth/login', { slug: workspace.slug, password: 'new-staff-pass' })).status).toBe(200);
  });

  it('lose the admin right, on every other browser, when the admin password changes', async () => {
    const { client, workspace } = await owner();
    const other = new Client(app.url, { origin: app.url });
    expect((await other.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    expect((await other.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);

    expect(
      (await client.request('PUT', '/api/admin/passwords', { adminPassword: 'new-admin-pass', currentAdminPassword: workspace.adminPassword })).status,
    ).toBe(200);
    expect((await other.get('/api/admin/crm-webhook')).status).toBe(403);
    expect((await other.get('/api/dashboard')).status).toBe(200);
    expect((await client.get('/api/admin/crm-webhook')).status).toBe(200);
    expect((await other.post('/api/auth/admin', { password: 'new-admin-pass' })).status).toBe(200);
  });

  it('refuse weak or missing new passwords, and the change needs the admin right', async () => {
    const { client, workspace } = await owner();
    expect((await client.request('PUT', '/api/admin/passwords', {})).status).toBe(400);
    const short = await client.request('PUT', '/api/admin/passwords', { staffPassword: '123', currentAdminPassword: workspace.adminPassword });
    expect(short.status).toBe(400);
    expect(short.json).toEqual({ message: 'Staff password must be at least 6 characters', field: 'staffPassword' });
    const staff = new Client(app.url, { origin: app.url });
    await staff.post('/api/auth/login', { slug: workspace.slug, password: workspace.password });
    expect((await staff.request('PUT', '/api/admin/passwords', { staffPassword: 'sneaky-pass' })).status).toBe(403);
  });

  it('gain the admin right as a new session: the cookie from before it does not carry the right', async () => {
    const client = new Client(app.url, { origin: app.url });
    const workspace = newWorkspace();
    await client.post('/api/register', workspace);
    const before = copyOf(client);
    expect((await client.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
    expect((await before.get('/api/dashboard')).status).toBe(401);
    expect((await client.get('/api/admin/crm-webhook')).status).toBe(200);
  });
});

describe('guessing', () => {
  it('checks at most 10 of 200 parallel wrong admin passwords', async () => {
    const { client, workspace } = await owner();
    const stranger = new Client(app.url, { origin: app.url });
    expect((await stranger.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => stranger.post('/api/auth/admin', { password: `wrong-${i}` })));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429).length).toBe(200 - checked);
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    // The owner's browser, known to the workspace, is not locked out by the stranger.
    expect((await client.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
  });

  it('checks at most 10 of 200 parallel wrong sign-ins, and the owner still signs in', async () => {
    const { client, workspace } = await owner();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => new Client(app.url).post('/api/auth/login', { slug: workspace.slug, password: `wrong-${i}` })),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(190);
    expect((await client.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    // A browser that never signed in, from the stranger's address, waits out the window.
    expect((await new Client(app.url).post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(429);
  });

  it('takes no client address from X-Forwarded-For without TRUST_PROXY', async () => {
    const { workspace } = await owner();
    for (let i = 0; i < 10; i++) {
      const res = await new Client(app.url, { 'x-forwarded-for': `203.0.113.${i}` }).post('/api/auth/login', { slug: workspace.slug, password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    const spoofed = await new Client(app.url, { 'x-forwarded-for': '198.51.100.99' }).post('/api/auth/login', { slug: workspace.slug, password: 'wrong' });
    expect(spoofed.status).toBe(429);
  });
});

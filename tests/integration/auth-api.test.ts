import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

async function registered(overrides = {}) {
  const client = new Client(app.url);
  const workspace = newWorkspace(overrides);
  const res = await client.post('/api/register', workspace);
  expect(res.status).toBe(201);
  return { client, workspace };
}

describe('registration', () => {
  it('creates the workspace, signs the owner in and answers slug and message', async () => {
    const client = new Client(app.url);
    const workspace = newWorkspace();
    const res = await client.post('/api/register', workspace);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ slug: workspace.slug, message: expect.any(String) });
    const status = await client.get('/api/auth/status');
    // No DEFAULT_PLAN here: a Team trial (issue 12).
    expect(status.json).toEqual({ authenticated: true, slug: workspace.slug, plan: 'team', trialEndsAt: expect.any(String) });
  });

  it("starts the workspace on the registering browser's time zone, and on the default when it sends none or one not listed (issue 33)", async () => {
    const zoneOf = async (timezone?: string) => {
      const client = new Client(app.url);
      const workspace = newWorkspace();
      expect((await client.post('/api/register', { ...workspace, ...(timezone === undefined ? {} : { timezone }) })).status).toBe(201);
      expect((await client.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
      const settings = (await client.get('/api/settings')).json as { key: string; value: string }[];
      return settings.find((s) => s.key === 'timezone')?.value;
    };
    expect(await zoneOf('America/New_York')).toBe('America/New_York');
    expect(await zoneOf('Pacific/Auckland')).toBe('Pacific/Auckland');
    expect(await zoneOf()).toBe('Australia/Sydney');
    expect(await zoneOf('Mars/Olympus_Mons')).toBe('Australia/Sydney');
    expect((await new Client(app.url).post('/api/register', { ...newWorkspace(), timezone: 42 })).json).toEqual({
      message: 'Timezone must be text',
      field: 'timezone',
    });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, not Secure over plain http', async () => {
    const res = await new Client(app.url).post('/api/register', newWorkspace());
    const cookie = res.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('answers 409 with a clear message when the slug is taken', async () => {
    const { workspace } = await registered();
    const res = await new Client(app.url).post('/api/register', { ...workspace, businessName: 'Someone Else' });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: 'This dashboard URL is already taken', field: 'slug' });
  });

  it.each([
    ['ab', 'URL must be at least 3 characters'],
    ['a'.repeat(51), 'URL must be less than 50 characters'],
    ['Acme', 'Only lowercase letters, numbers, and hyphens allowed'],
    ['acme_co', 'Only lowercase letters, numbers, and hyphens allowed'],
    ['-acme', 'Cannot start or end with hyphen'],
    ['acme-', 'Cannot start or end with hyphen'],
    ['api', 'This URL is reserved'],
    ['login', 'This URL is reserved'],
  ])('checks the slug %j on the server: %s', async (slug, message) => {
    const res = await new Client(app.url).post('/api/register', newWorkspace({ slug }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field: 'slug' });
  });

  it.each([
    ['businessName', 'A', 'Business name is required'],
    ['email', 'not-an-email', 'Valid email required'],
    ['password', '12345', 'Staff password must be at least 6 characters'],
    ['adminPassword', '12345', 'Admin password must be at least 6 characters'],
  ])('checks %s on the server', async (field, value, message) => {
    const res = await new Client(app.url).post('/api/register', newWorkspace({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field });
  });
});

describe('sign-in', () => {
  it('signs in with the staff password and answers slug and message', async () => {
    const { workspace } = await registered();
    const client = new Client(app.url);
    const res = await client.post('/api/auth/login', { slug: workspace.slug, password: workspace.password });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ slug: workspace.slug, message: 'Logged in successfully' });
    expect((await client.get('/api/auth/status')).json.authenticated).toBe(true);
  });

  it('refuses a wrong password or an unknown slug with the same message', async () => {
    const { workspace } = await registered();
    const wrong = await new Client(app.url).post('/api/auth/login', { slug: workspace.slug, password: 'nope-nope' });
    const unknown = await new Client(app.url).post('/api/auth/login', { slug: 'no-such-place', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'Invalid credentials' });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('does not accept the admin password as the staff password', async () => {
    const { workspace } = await registered();
    const res = await new Client(app.url).post('/api/auth/login', { slug: workspace.slug, password: workspace.adminPassword });
    expect(res.status).toBe(401);
  });

  it('asks for the missing fields with the spec messages', async () => {
    const client = new Client(app.url);
    expect((await client.post('/api/auth/login', { password: 'x' })).json).toEqual({ message: 'Dashboard URL is required', field: 'slug' });
    expect((await client.post('/api/auth/login', { slug: 'acme', password: '' })).json).toEqual({
      message: 'Password is required',
      field: 'password',
    });
  });

  it('blocks the 11th failed attempt within 15 minutes with 429, even with the right password', async () => {
    const { workspace } = await registered();
    const client = new Client(app.url);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await client.post('/api/auth/login', { slug: workspace.slug, password: `wrong-${attempt}` });
      expect(res.status).toBe(401);
    }
    const blocked = await client.post('/api/auth/login', { slug: workspace.slug, password: workspace.password });
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/too many/i);
  });

  it('counts failed admin attempts towards the same limit', async () => {
    const { client, workspace } = await registered();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await client.post('/api/auth/admin', { password: `wrong-${attempt}` })).status).toBe(401);
    }
    expect((await client.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(429);
  });

  it('signs out', async () => {
    const { client } = await registered();
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/status')).json).toEqual({ authenticated: false });
  });

  it('ignores a forged session cookie', async () => {
    const client = new Client(app.url, { cookie: 'rc_session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic2x1ZyI6ImFjbWUifQ.forged' });
    expect((await client.get('/api/auth/status')).json).toEqual({ authenticated: false });
  });
});

describe('admin password', () => {
  it('grants the admin claim only with the admin password', async () => {
    const { client, workspace } = await registered();
    const wrong = await client.post('/api/auth/admin', { password: workspace.password });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ success: false, message: 'Incorrect password' });
    const right = await client.post('/api/auth/admin', { password: workspace.adminPassword });
    expect(right.status).toBe(200);
    expect(right.json).toEqual({ success: true, message: expect.any(String) });
  });

  it('needs a staff session first', async () => {
    const res = await new Client(app.url).post('/api/auth/admin', { password: 'whatever' });
    expect(res.status).toBe(401);
  });
});

describe('bad input never gets a 500', () => {
  const endpoints = ['/api/register', '/api/auth/login', '/api/auth/admin', '/api/auth/logout'];
  const bodies: [string, string][] = [
    ['malformed JSON', '{"slug": '],
    ['a JSON array', '[1,2,3]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
    ['wrong types', JSON.stringify({ slug: 42, password: ['x'], businessName: {}, email: true, adminPassword: null })],
    ['missing fields', '{}'],
    ['a 1 MB string', JSON.stringify({ slug: 'x'.repeat(1024 * 1024), password: 'y'.repeat(1024 * 1024) })],
    ['a 3 MB body', JSON.stringify({ slug: 'x'.repeat(3 * 1024 * 1024) })],
  ];
  let client: Client;
  beforeAll(async () => {
    ({ client } = await registered());
  });
  // Logout comes last: it ends the shared session the other endpoints are called with.
  for (const endpoint of endpoints) {
    it.each(bodies)(`${endpoint} answers 4xx (or 200 for logout) to %s`, async (_, raw) => {
      const res = await client.request('POST', endpoint, undefined, { raw });
      if (endpoint === '/api/auth/logout') expect(res.status).toBe(200);
      else {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.json?.message).toBe('string');
      }
    });
  }

  it('answers a JSON 404 for an unknown API path', async () => {
    const res = await new Client(app.url).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: expect.any(String) });
  });
});

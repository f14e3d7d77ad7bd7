import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app.ts';
import { signUp, signUpAdmin } from '../helpers/accounts.ts';
import { Client } from '../helpers/client.ts';
import { openEventStream } from '../helpers/event-stream.ts';

let app: TestApp;
let admin: Client;
let businessName: string;
beforeAll(async () => {
  app = await startApp();
  const signedIn = await signUpAdmin(app, { businessName: 'Kiosk Test Clinic' });
  admin = signedIn.client;
  businessName = signedIn.workspace.businessName;
});
afterAll(() => app.close());

async function newLink(label = 'Reception TV') {
  const res = await admin.post('/api/admin/kiosk-links', { label });
  expect(res.status).toBe(201);
  return { ...res.json, token: new URL(res.json.url).pathname.split('/').pop() as string };
}

describe('kiosk share links', () => {
  it('show the wallboard live without a session', async () => {
    const link = await newLink();
    expect(link.url).toBe(`${app.url}/wall/${link.token}`);
    expect(link.token.length).toBeGreaterThanOrEqual(22);

    const visitor = new Client(app.url);
    const page = await visitor.get(`/wall/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(businessName);
    expect(page.text).not.toContain('/admin');

    const data = await visitor.get(`/api/kiosk/${link.token}/dashboard`);
    expect(data.status).toBe(200);
    expect(data.json.companyName).toBe(businessName);

    const stream = await openEventStream(`${app.url}/api/kiosk/${link.token}/events`);
    try {
      await stream.waitFor((e) => e.event === 'data_update');
      await admin.post('/api/test-review', { reviewerName: 'Ana', rating: 4, reviewText: 'Good', source: 'ghl' });
      const added = await stream.waitFor((e) => e.event === 'reviewAdded');
      expect(added.data.celebration).toBe(true);
    } finally {
      await stream.close();
    }
    // The link opens the wallboard and nothing else of the workspace.
    expect((await visitor.get('/api/dashboard')).status).toBe(401);
  });

  it('stop working when revoked, and close the open stream', async () => {
    const link = await newLink('Kitchen TV');
    const stream = await openEventStream(`${app.url}/api/kiosk/${link.token}/events`);
    await stream.waitFor((e) => e.event === 'data_update');

    expect((await admin.request('DELETE', `/api/admin/kiosk-links/${link.id}`)).status).toBe(200);
    expect(await stream.waitForEnd()).toBe(true);
    await stream.close();

    const visitor = new Client(app.url);
    const page = await visitor.get(`/wall/${link.token}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('This display link is not valid');
    expect(page.text).not.toContain(businessName);
    expect((await visitor.get(`/api/kiosk/${link.token}/dashboard`)).status).toBe(404);
    expect((await visitor.get(`/api/kiosk/${link.token}/events`)).status).toBe(404);

    const list = await admin.get('/api/admin/kiosk-links');
    expect(list.json.find((l: { id: number }) => l.id === link.id).revokedAt).not.toBeNull();
  });

  it('refuse an unknown token with a clear page', async () => {
    const page = await new Client(app.url).get('/wall/not-a-real-token-at-all-000');
    expect(page.status).toBe(404);
    expect(page.text).toContain('This display link is not valid');
  });

  it('store only a hash of the token', async () => {
    const link = await newLink('Hash check');
    const rows = await app.database.db.execute(sql`SELECT token_hash FROM kiosk_links`);
    const hashes = JSON.stringify(rows);
    expect(hashes).not.toContain(link.token);
  });

  it('are managed by admins only, in their own workspace', async () => {
    const { client: staff, workspace: other } = await signUp(app);
    expect((await staff.post('/api/admin/kiosk-links', { label: 'x' })).status).toBe(403);
    await staff.post('/api/auth/admin', { password: other.adminPassword });
    const mine = await newLink('Not yours');
    expect((await staff.request('DELETE', `/api/admin/kiosk-links/${mine.id}`)).status).toBe(404);
    expect((await staff.get('/api/admin/kiosk-links')).json).toEqual([]);
    expect((await admin.post('/api/admin/kiosk-links', { label: '' })).status).toBe(400);
    expect((await admin.request('DELETE', '/api/admin/kiosk-links/abc')).status).toBe(404);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '#platform/db/schema.ts';
import { LIVE_CHANNEL } from '#platform/live/publish.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { signUp, signUpAdmin } from '../helpers/accounts.ts';
import { Client } from '../helpers/client.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const put = (client: Client, key: string, value: unknown) => client.request('PUT', `/api/settings/${key}`, { value });

async function announced(action: () => Promise<unknown>): Promise<number> {
  let seen = 0;
  const stop = await app.database.listen(LIVE_CHANNEL, () => (seen += 1));
  try {
    await action();
    await new Promise((r) => setTimeout(r, 150));
  } finally {
    await stop();
  }
  return seen;
}

describe('who may call the settings endpoints', () => {
  it('answers 401 without a session', async () => {
    const anonymous = new Client(app.url, { origin: app.url });
    expect((await anonymous.get('/api/settings')).status).toBe(401);
    expect((await put(anonymous, 'target_reviews', '50')).status).toBe(401);
  });

  it('answers 403 "Admin access required" to staff without the admin claim', async () => {
    const { client } = await signUp(app);
    for (const res of [await client.get('/api/settings'), await put(client, 'target_reviews', '50')]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: 'Admin access required' });
    }
  });
});

describe('GET /api/settings', () => {
  it('lists the settings sorted by key, with the registration defaults', async () => {
    const { client } = await signUpAdmin(app);
    const res = await client.get('/api/settings');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { key: 'google_review_link', value: '' },
      { key: 'target_reviews', value: '120' },
      { key: 'timezone', value: 'Australia/Sydney' },
    ]);
  });

  it('never returns a secret in clear', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    await app.database.db.insert(settings).values([
      { workspaceId, key: 'gmb_refresh_token', value: '1//0gSECRET-refresh-token' },
      { workspaceId, key: 'slack_webhook_url', value: 'https://hooks.slack.com/services/T000/B000/XXXX' },
      { workspaceId, key: 'gmb_account_id', value: '123456789012345678' },
    ]);
    const res = await client.get('/api/settings');
    expect(res.text).not.toContain('SECRET');
    expect(res.text).not.toContain('hooks.slack.com');
    const byKey = Object.fromEntries(res.json.map((s: { key: string; value: string }) => [s.key, s.value]));
    expect(byKey).toMatchObject({ gmb_refresh_token: 'connected', slack_webhook_url: 'connected', gmb_account_id: '123456789012345678' });
    expect(res.json.map((s: { key: string }) => s.key)).toEqual([...res.json.map((s: { key: string }) => s.key)].sort());
  });

  it("does not show another workspace's settings", async () => {
    const a = await signUpAdmin(app);
    const b = await signUpAdmin(app);
    await put(b.client, 'welcome_note', 'only for b');
    expect((await a.client.get('/api/settings')).json.map((s: { key: string }) => s.key)).not.toContain('welcome_note');
  });
});

describe('PUT /api/settings/{key}', () => {
  it('stores a value and answers {key, value}; a new key is created', async () => {
    const { client } = await signUpAdmin(app);
    const res = await put(client, 'target_reviews', ' 250 ');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ key: 'target_reviews', value: '250' });
    expect((await put(client, 'welcome_note', 'Go team!')).json).toEqual({ key: 'welcome_note', value: 'Go team!' });
    const listed = (await client.get('/api/settings')).json;
    expect(listed).toContainEqual({ key: 'target_reviews', value: '250' });
    expect(listed).toContainEqual({ key: 'welcome_note', value: 'Go team!' });
  });

  it.each([
    ['target_reviews', ['0', '-5', '100001', '12.5', 'abc', '', '1e3'], 'Target reviews must be a whole number from 1 to 100000'],
    ['challenge_start_date', ['2026-02-30', '01/02/2026', '2026-1-5', 'soon'], 'Challenge start date must be a date written YYYY-MM-DD'],
    [
      'google_review_link',
      ['http://g.page/r/abc', 'javascript:alert(1)', 'not a url', 'ftp://example.com'],
      'Google review link must be empty or an https:// link',
    ],
    ['timezone', ['Mars/Olympus_Mons', '', 'Australia/Sydney; DROP', 'UTC+25'], 'Timezone must be one of the listed time zones, such as Australia/Sydney'],
  ])('checks %s on the server', async (key, values, message) => {
    const { client } = await signUpAdmin(app);
    const before = (await client.get('/api/settings')).json;
    for (const value of values) {
      const res = await put(client, key, value);
      expect(res.status, `${key}=${value}`).toBe(400);
      expect(res.json).toEqual({ message, field: 'value' });
    }
    expect((await client.get('/api/settings')).json).toEqual(before);
  });

  it.each([
    ['target_reviews', '1', '1'],
    ['target_reviews', '100000', '100000'],
    ['challenge_start_date', '2026-02-28', '2026-02-28'],
    ['challenge_start_date', '', ''],
    ['google_review_link', 'https://g.page/r/CabcDEF/review', 'https://g.page/r/CabcDEF/review'],
    ['google_review_link', '', ''],
    ['timezone', 'Europe/London', 'Europe/London'],
    ['timezone', 'UTC', 'UTC'],
  ])('accepts %s = %j', async (key, value, stored) => {
    const { client } = await signUpAdmin(app);
    const res = await put(client, key, value);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ key, value: stored });
  });

  it('refuses bad keys and over-long values', async () => {
    const { client } = await signUpAdmin(app);
    for (const key of ['has-dash', 'has%20space', 'x'.repeat(65), 'dot.key']) {
      const res = await put(client, key, 'v');
      expect(res.status, key).toBe(400);
      expect(res.json.field).toBe('key');
    }
    expect((await put(client, 'x'.repeat(64), 'v')).status).toBe(200);
    const long = await put(client, 'notes', 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.json).toEqual({ message: 'A setting value is at most 2000 characters', field: 'value' });
    expect((await put(client, 'notes', 'x'.repeat(2000))).status).toBe(200);
  });

  it('does not let the generic endpoint write a secret', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    await app.database.db.insert(settings).values({ workspaceId, key: 'gmb_refresh_token', value: 'real-token' });
    const res = await put(client, 'gmb_refresh_token', 'attacker-token');
    expect(res.status).toBe(400);
    expect(res.json.field).toBe('key');
    const [row] = await app.database.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.workspaceId, workspaceId), eq(settings.key, 'gmb_refresh_token')));
    expect(row!.value).toBe('real-token');
  });

  it('announces a change of target or start date, not of other settings', async () => {
    const { client } = await signUpAdmin(app);
    expect(await announced(() => put(client, 'target_reviews', '300'))).toBe(1);
    expect(await announced(() => put(client, 'challenge_start_date', '2026-01-01'))).toBe(1);
    expect(await announced(() => put(client, 'google_review_link', 'https://g.page/r/x'))).toBe(0);
    expect(await announced(() => put(client, 'target_reviews', 'nope'))).toBe(0);
  });

  it("only touches the caller's workspace", async () => {
    const a = await signUpAdmin(app);
    const b = await signUpAdmin(app);
    await put(a.client, 'target_reviews', '999');
    expect((await b.client.get('/api/settings')).json).toContainEqual({ key: 'target_reviews', value: '120' });
  });
});

describe('bad input never gets a 500', () => {
  it.each([
    ['malformed JSON', '{"value": '],
    ['a JSON array', '[1]'],
    ['null', 'null'],
    ['a number value', JSON.stringify({ value: 5 })],
    ['no value', '{}'],
    ['a 3 MB body', JSON.stringify({ value: 'x'.repeat(3 * 1024 * 1024) })],
  ])('PUT answers 4xx to %s', async (_, raw) => {
    const { client } = await signUpAdmin(app);
    const res = await client.request('PUT', '/api/settings/target_reviews', undefined, { raw });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.json?.message).toBe('string');
  });
});

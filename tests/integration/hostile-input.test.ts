import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan, signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import type { Client } from '../helpers/client.ts';

// Issue 11: hostile input to every endpoint that reads a body gets a 4xx, never a 500, and changes
// nothing stored; a body of any size is not read past the limit.

const API = new URL('../../src/pages/api/', import.meta.url).pathname;

/** Every route file that takes POST, PUT or PATCH and reads a body, as [method, path pattern]. */
function bodyRoutes(): [string, string][] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.startsWith('_') ? [join(dir, e.name)] : [],
    );
  return files(API).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    if (!/parseJsonBody|readBodyUpTo|readFormData|parseReviewEdit|receiveCrmDelivery/.test(source)) return [];
    const path = `/api/${relative(API, file)
      .replace(/\.ts$/, '')
      .replace(/(^|\/)index$/, '')}`;
    return [...source.matchAll(/export const (POST|PUT|PATCH)\b/g)].map((m) => [m[1]!, path] as [string, string]);
  });
}

/** Every route file with a parameter in its path, as [its methods, path pattern]. */
function idRoutes(): [string[], string][] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.startsWith('_') ? [join(dir, e.name)] : [],
    );
  return files(API).flatMap((file) => {
    const path = `/api/${relative(API, file)
      .replace(/\.ts$/, '')
      .replace(/(^|\/)index$/, '')}`;
    if (!path.includes('[') || path.includes('[...')) return [];
    const methods = [...readFileSync(file, 'utf8').matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!);
    return methods.length ? [[methods, path] as [string[], string]] : [];
  });
}

// Every field name any payload has, so that each endpoint meets the bad value in its own fields.
const FIELDS = [
  'slug',
  'businessName',
  'email',
  'password',
  'adminPassword',
  'staffPassword',
  'name',
  'color',
  'value',
  'label',
  'reviewerName',
  'rating',
  'reviewText',
  'comment',
  'source',
  'staffFirstName',
  'staffEmail',
  'teamId',
  'firstName',
  'lastName',
  'templateId',
  'customEmailSubject',
  'customEmailContent',
  'subject',
  'htmlContent',
  'phoneScript',
  'isActive',
  'inviteId',
  'reviewId',
  'message',
  'reviewLink',
  'accountId',
  'locationId',
  'intoId',
  'active',
  'slackWebhookUrl',
  'teamsWebhookUrl',
  'events',
];
const everyField = (value: unknown) => JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value])));

const BODIES: [string, string][] = [
  ['NUL in every field', everyField('Sam\u0000 Lee')],
  ['a lone surrogate in every field', everyField('Sam \ud800 Lee')],
  ['huge numbers', everyField(1e308).replace(/1e\+308/g, '123456789012345678901234567890123456789')],
  ['arrays for strings', everyField(['Sam'])],
  ['objects for strings', everyField({ toString: 'x' })],
  ['a __proto__ key', '{"__proto__": {"admin": true}, "name": "Sam", "value": "1"}'],
  ['a constructor key', '{"constructor": {"prototype": {"admin": true}}, "name": "Sam"}'],
  ['a NUL in a key', '{"na\\u0000me": "Sam"}'],
  ['nesting 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
  // Issue 27, item 10: an object nested about 8,200 deep in a field overflowed the stack (a 500) on 36 endpoints.
  ...[10, 100, 1000].map((depth): [string, string] => [
    `an object ${depth.toLocaleString('en')} deep in every field`,
    everyField(0).replace(/:0/g, `:${nested(depth)}`),
  ]),
  ['an object 100,000 deep in a field', `{"name":${nested(100_000)}}`],
];

function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startApp();
  admin = await signUpAdmin(app);
  const { client } = admin;
  ids.team = String((await client.post('/api/teams', { name: 'Front Desk', color: '#10B981' })).json.id);
  ids.template = String(
    (await client.post('/api/email-templates', { name: 'T', subject: 'S', htmlContent: '<p>Hi {{firstName}}</p>', phoneScript: '', isActive: true })).json.id,
  );
  ids.google = String((await client.post('/api/test-review', { reviewerName: 'G', rating: 5, reviewText: 'x', source: 'google' })).json.id);
  ids.action = String((await client.post('/api/test-review', { reviewerName: 'A', rating: 5, reviewText: 'x', source: 'ghl' })).json.id);
  ids.webhook = String((await client.get('/api/admin/crm-webhook')).json.url)
    .split('/')
    .pop()!;
});
afterAll(() => app.close());

function urlFor(pattern: string): string {
  return pattern
    .replace('/teams/[id]', `/teams/${ids.team}`)
    .replace('/email-templates/[id]', `/email-templates/${ids.template}`)
    .replace('/google-reviews/[id]', `/google-reviews/${ids.google}`)
    .replace('/review-actions/[id]', `/review-actions/${ids.action}`)
    .replace('/settings/[key]', '/settings/target_reviews')
    .replace('/webhooks/crm/[token]', `/webhooks/crm/${ids.webhook}`)
    .replace(/\[[^\]]+\]/g, '1');
}

/** What the workspace has stored: every table but the logs that record refusals. */
async function snapshot(): Promise<string> {
  const tables = await app.database.transaction((tx) =>
    tx.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    ),
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    if (['attempts', 'crm_deliveries', 'sessions', 'schema_migrations'].includes(name)) continue;
    const [row] = await app.database.transaction((tx) =>
      tx.query<{ digest: string | null }>(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`),
    );
    parts.push(`${name}:${row?.digest}`);
  }
  return parts.join('\n');
}

const send = (client: Client, method: string, path: string, raw?: string) => client.request(method, path, undefined, { raw });

describe('hostile input', () => {
  const routes = bodyRoutes();

  it('finds the endpoints that read a body', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes).toContainEqual(['PUT', '/api/settings/[key]']);
    expect(routes).toContainEqual(['POST', '/api/webhooks/crm/[token]']);
  });

  it('gets a 4xx with a message from every endpoint, and nothing stored changes', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const [method, pattern] of routes) {
      // The CRM webhook forgives what it can (it stores the review without the NULs); it has its own tests.
      if (pattern.startsWith('/api/webhooks/')) continue;
      for (const [what, raw] of BODIES) {
        const res = await send(admin.client, method, urlFor(pattern), raw);
        if (res.status < 400 || res.status >= 500 || typeof res.json?.message !== 'string')
          failures.push(`${method} ${pattern} with ${what}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
    // The session still works and still has the admin right: no prototype key gave or took anything.
    expect((await admin.client.get('/api/admin/crm-webhook')).status).toBe(200);
  });

  it('never answers the CRM webhook 500, whatever the body', async () => {
    for (const [what, raw] of BODIES) {
      const res = await fetch(`${app.url}/api/webhooks/crm/${ids.webhook}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });
      expect(res.status, what).toBeLessThan(500);
    }
  });

  // Issue 27, item 11: GET /api/logo/{slug}?wallboard=9999999999 answered 500 (integer out of range).
  it('answers a 4xx, never a 500, to wrongly typed ids in the path or the query, on every endpoint that reads one', async () => {
    const failures: string[] = [];
    const BAD_IDS = ['9999999999', '2147483648', '99999999999999999999', '-1', '0', '1.5', '1e3', 'abc', '%00'];
    for (const [methods, pattern] of idRoutes()) {
      for (const bad of BAD_IDS) {
        const url = pattern.replace(/\[[^\]]+\]/g, bad);
        for (const method of methods) {
          const res = await send(admin.client, method, url, method === 'GET' || method === 'DELETE' ? undefined : '{"name":"x","value":"1","teamId":"abc"}');
          if (res.status >= 500) failures.push(`${method} ${url}: ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    for (const [method, path] of [
      ['GET', `/api/logo/${admin.workspace.slug}`],
      ['GET', '/api/dashboard'],
      ['GET', '/api/leaderboard'],
      ['GET', '/api/review-requests'],
      ['GET', '/api/unmatched-reviews'],
    ] as const) {
      for (const bad of BAD_IDS) {
        for (const key of ['wallboard', 'team', 'teamId', 'page', 'limit']) {
          const res = await admin.client.request(method, `${path}?${key}=${encodeURIComponent(bad)}`);
          if (res.status >= 500) failures.push(`${method} ${path}?${key}=${bad}: ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a setting named __proto__', async () => {
    const res = await admin.client.request('PUT', '/api/settings/__proto__', { value: '1' });
    expect(res.status).toBe(400);
    expect(res.json.field).toBe('key');
  });

  it('stops reading a chunked 50 MB body at the limit, on every endpoint that reads a body, in bounded memory', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    const cookie = `rc_session=${admin.client.cookie('rc_session')}`;
    const before = process.memoryUsage().rss;
    let most = before;
    const failures: string[] = [];
    for (const [method, pattern] of routes) {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ >= 50) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const contentType = pattern === '/api/upload-logo' ? 'multipart/form-data; boundary=x' : 'application/json';
      let status = 0;
      try {
        const res = await fetch(`${app.url}${urlFor(pattern)}`, {
          method,
          headers: { 'content-type': contentType, cookie, origin: app.url },
          body,
          duplex: 'half',
        } as RequestInit);
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = -1; // The server closed the connection while the body was still coming: also a refusal.
      }
      most = Math.max(most, process.memoryUsage().rss);
      if (status >= 500 || status === 0 || (status >= 200 && status < 300) || sent >= 50) failures.push(`${method} ${pattern}: ${status} after ${sent} MB`);
    }
    expect(failures).toEqual([]);
    // The app runs in this process: 50 MB bodies to every endpoint never sat in its memory.
    expect(most - before).toBeLessThan(200 * 1024 * 1024);
  });
});

describe('per-workspace caps', () => {
  it("allow the plan's teams on a wallboard, however many arrive at once, then refuse naming the limit", async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    await setPlan(app, workspaceId, 'agency');
    const answers = await Promise.all(Array.from({ length: 55 }, (_, i) => client.post('/api/teams', { name: `Team ${i}`, color: '#10B981' })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = answers.filter((r) => r.status === 403);
    expect(refused).toHaveLength(50);
    expect(refused[0]!.json.message).toBe('Team limit reached: the Agency plan allows 5 teams per wallboard. Upgrade your plan to add more.');
    expect((await client.get('/api/teams')).json).toHaveLength(6);
  });

  it('allow 100 settings keys', async () => {
    const { client } = await signUpAdmin(app);
    const existing = (await client.get('/api/settings')).json.length;
    for (let i = existing; i < 100; i++) expect((await client.request('PUT', `/api/settings/extra_${i}`, { value: 'x' })).status).toBe(200);
    const over = await client.request('PUT', '/api/settings/one_too_many', { value: 'x' });
    expect(over.status).toBe(400);
    expect(over.json).toEqual({ message: 'A workspace can have at most 100 settings', field: 'key' });
    // An existing key can still change.
    expect((await client.request('PUT', '/api/settings/target_reviews', { value: '50' })).status).toBe(200);
  });

  it('allow 50 live share links; a revoked one makes room', async () => {
    const { client } = await signUpAdmin(app);
    let first: number | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await client.post('/api/admin/kiosk-links', { label: `TV ${i}` });
      expect(res.status).toBe(201);
      first ??= res.json.id;
    }
    const over = await client.post('/api/admin/kiosk-links', { label: 'One more' });
    expect(over.status).toBe(409);
    expect(over.json.message).toMatch(/at most 50 share links/);
    expect((await client.request('DELETE', `/api/admin/kiosk-links/${first}`)).status).toBe(200);
    expect((await client.post('/api/admin/kiosk-links', { label: 'One more' })).status).toBe(201);
  });
});

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, emailTemplates, reviewRequests } from '#platform/db/schema.ts';
import { RATE_LIMIT } from '#web/api-v1/keys.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { signUp } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { officeWithTeamAndTemplate } from '../helpers/office.ts';

let sink: SmtpSink;
let app: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp({ SMTP_URL: sink.url, MAIL_FROM: 'reviews@example.test', DEFAULT_PLAN: 'team' });
});
afterAll(async () => {
  await app?.close();
  await sink?.stop();
});

/** An office (team and one template) and an API key of the given scope, created by its admin. */
async function officeWithKey(scope: 'read' | 'write' = 'write') {
  const office = await officeWithTeamAndTemplate(app);
  const created = await office.client.post('/api/admin/api-keys', { name: `CRM ${scope}`, scope });
  expect(created.status).toBe(201);
  const { id, key } = created.json as { id: number; key: string };
  return { ...office, keyId: id, key, api: apiClient(key) };
}

/** Every answer /api/v1 gave the tests of this file: the last test checks each against the document. */
const answers: { method: string; path: string; status: number; contentType: string; json: unknown }[] = [];

/** A client with no cookies and no Origin, as a CRM's server calls: only the key. */
class ApiClient extends Client {
  override async request(...args: Parameters<Client['request']>) {
    const res = await super.request(...args);
    const [method, path] = args;
    if (path.startsWith('/api/v1/') && !path.startsWith('/api/v1/openapi') && res.json !== undefined) {
      answers.push({ method, path, status: res.status, contentType: (res.headers.get('content-type') ?? '').split(';')[0]!, json: res.json });
    }
    return res;
  }
}
const apiClient = (key: string | null) => new ApiClient(app.url, key ? { authorization: `Bearer ${key}` } : {});

const requestBody = (teamId: number, overrides: Record<string, unknown> = {}) => ({
  staffFirstName: 'Tom',
  staffEmail: 'tom@harbourside.example',
  teamId,
  email: `sarah.${Math.random().toString(36).slice(2)}@example.test`,
  firstName: 'Sarah',
  lastName: 'Kim',
  ...overrides,
});

describe('API keys (admin)', () => {
  // Issue 27, item 9: 26 to 40 keys were made under a cap of 25 by parallel creates on PostgreSQL.
  it('holds the cap of 25 live keys under 50 creates at once', async () => {
    const { client, workspaceId } = await officeWithTeamAndTemplate(app);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => client.post('/api/admin/api-keys', { name: `Burst ${i}`, scope: 'read' })));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(25);
    expect(answers.filter((res) => res.status !== 201).every((res) => res.status >= 400 && res.status < 500)).toBe(true);
    const [{ n }] = await app.database.db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId));
    expect(n).toBe(25);
  });

  it('shows a key once, lists it without the key, records its use, revokes it', async () => {
    const { client, key, keyId, api } = await officeWithKey('read');
    expect(key).toMatch(/^rc_live_[A-Za-z0-9_-]{43}$/);
    const listed = await client.get('/api/admin/api-keys');
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([{ id: keyId, name: 'CRM read', scope: 'read', prefix: key.slice(0, 12), createdAt: expect.any(String), lastUsedAt: null }]);
    expect(listed.text).not.toContain(key);
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row!.keyHash).not.toContain(key.slice(8));

    expect((await api.get('/api/v1/teams')).status).toBe(200);
    expect(((await client.get('/api/admin/api-keys')).json as { lastUsedAt: string | null }[])[0]!.lastUsedAt).toEqual(expect.any(String));

    expect((await client.request('DELETE', `/api/admin/api-keys/${keyId}`)).status).toBe(200);
    expect((await client.get('/api/admin/api-keys')).json).toEqual([]);
    const refused = await api.get('/api/v1/teams');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.json).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: expect.any(String) });
  });

  it('needs the admin, validates the payload and keeps workspaces apart', async () => {
    const staff = await signUp(app);
    expect((await staff.client.post('/api/admin/api-keys', { name: 'x', scope: 'read' })).status).toBe(403);
    const { client } = await officeWithKey();
    expect((await client.post('/api/admin/api-keys', { name: 'x', scope: 'admin' })).json).toMatchObject({ field: 'scope' });
    expect((await client.post('/api/admin/api-keys', { name: ' ', scope: 'read' })).json).toMatchObject({ field: 'name' });
    const other = await officeWithKey();
    expect((await client.request('DELETE', `/api/admin/api-keys/${other.keyId}`)).status).toBe(404);
    expect((await other.api.get('/api/v1/teams')).status).toBe(200);
  });
});

describe('authentication', () => {
  it('answers 401 problems without a key or with a wrong one, and ignores session cookies', async () => {
    for (const client of [apiClient(null), apiClient('rc_live_' + 'x'.repeat(43)), apiClient('not-a-key')]) {
      const res = await client.get('/api/v1/teams');
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(res.json).toMatchObject({ status: 401, title: 'Unauthorized' });
    }
    const { client } = await officeWithTeamAndTemplate(app);
    expect((await client.get('/api/v1/teams')).status).toBe(401);
  });

  it('lets a key write from another site (a key is never sent by a browser on its own)', async () => {
    const { api, teamId } = await officeWithKey();
    const res = await api.request('POST', '/api/v1/review-requests', requestBody(teamId), {
      headers: { origin: 'https://crm.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(201);
  });

  it('a read key reads but cannot write', async () => {
    const { api, teamId } = await officeWithKey('read');
    expect((await api.get('/api/v1/review-requests')).status).toBe(200);
    const res = await api.post('/api/v1/review-requests', requestBody(teamId));
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: 403, detail: expect.stringContaining('read-only') });
    expect((await api.post('/api/v1/reviews', { reviewerName: 'A', rating: 5 })).status).toBe(403);
  });
});

describe('POST /api/v1/review-requests', () => {
  it('logs the request and the email goes out, as the log form does', async () => {
    const { api, teamId, templateId } = await officeWithKey();
    const body = requestBody(teamId, { templateId });
    const waiting = sink.waitForMessage((m) => m.envelope.to[0] === body.email);
    const res = await api.post('/api/v1/review-requests', body);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ id: expect.any(Number), teamId, customerEmail: body.email, staffFirstName: 'Tom', emailStatus: 'sent' });
    expect(res.headers.get('ratelimit-limit')).toBe(String(RATE_LIMIT));
    expect(Number(res.headers.get('ratelimit-remaining'))).toBeLessThan(RATE_LIMIT);
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    const mail = await waiting;
    expect(mail.mail.subject).toBe('How did we do, Sarah?');
    expect(mail.mail.text).toMatch(/\/r\/[A-Za-z0-9_-]+/);

    const listed = await api.get('/api/v1/review-requests?limit=1');
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([expect.objectContaining({ id: res.json.id, customerEmail: body.email, reviewId: null })]);
    expect(listed.headers.get('link')).toBe('</api/v1/review-requests?limit=1&offset=1>; rel="next"');
  });

  it('takes templateId only when the workspace has more than one active template', async () => {
    const { api, teamId, workspaceId } = await officeWithKey();
    expect((await api.post('/api/v1/review-requests', requestBody(teamId))).status).toBe(201);
    await app.database.db.insert(emailTemplates).values({ workspaceId, name: 'Second', subject: 'Hi', htmlContent: '<p>Hi</p>' });
    const res = await api.post('/api/v1/review-requests', requestBody(teamId));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, field: 'templateId', message: res.json.detail });
  });

  it('answers validation errors as problems naming the field', async () => {
    const { api, teamId } = await officeWithKey();
    const res = await api.post('/api/v1/review-requests', requestBody(teamId, { email: 'nope' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.json).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: expect.any(String),
      message: expect.any(String),
      field: 'email',
    });
    const bad = await api.request('POST', '/api/v1/review-requests', undefined, { raw: '{' });
    expect(bad.json).toMatchObject({ status: 400, detail: 'Request body must be valid JSON' });
  });

  it('creates once for the same Idempotency-Key, refuses it with another body', async () => {
    const { api, teamId, workspaceId } = await officeWithKey();
    const body = requestBody(teamId);
    const headers = { 'idempotency-key': `order-${Math.random()}` };
    const [first, second] = await Promise.all([
      api.request('POST', '/api/v1/review-requests', body, { headers }),
      api.request('POST', '/api/v1/review-requests', body, { headers }),
    ]);
    // Concurrent duplicates: one creates, the other is told to retry (or replays once the first is done).
    expect([first.status, second.status]).toContain(201);
    expect([201, 409]).toContain(first.status === 201 ? second.status : first.status);
    const again = await api.request('POST', '/api/v1/review-requests', body, { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const created = first.status === 201 ? first : second;
    expect(again.json.id).toBe(created.json.id);
    const rows = await app.database.db.select().from(reviewRequests).where(eq(reviewRequests.workspaceId, workspaceId));
    expect(rows).toHaveLength(1);
    expect(sink.messages.filter((m) => m.envelope.to[0] === body.email)).toHaveLength(1);

    const changed = await api.request('POST', '/api/v1/review-requests', { ...body, firstName: 'Other' }, { headers });
    expect(changed.status).toBe(422);
    expect(changed.json).toMatchObject({ status: 422, field: 'Idempotency-Key' });
  });

  it("another workspace's ids are not found", async () => {
    const mine = await officeWithKey();
    const theirs = await officeWithTeamAndTemplate(app);
    const res = await mine.api.post('/api/v1/review-requests', requestBody(theirs.teamId, { templateId: theirs.templateId }));
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ status: 404, field: 'teamId' });
    const template = await mine.api.post('/api/v1/review-requests', requestBody(mine.teamId, { templateId: theirs.templateId }));
    expect(template.status).toBe(404);
    expect(template.json).toMatchObject({ field: 'templateId' });

    const theirKey = (await theirs.client.post('/api/admin/api-keys', { name: 'Theirs', scope: 'write' })).json.key as string;
    const theirRequest = (await apiClient(theirKey).post('/api/v1/review-requests', requestBody(theirs.teamId))).json.id as number;
    const theirReview = (await apiClient(theirKey).post('/api/v1/reviews', { reviewerName: 'Someone', rating: 4 })).json.id as number;
    expect((await apiClient(theirKey).get(`/api/v1/review-requests/${theirRequest}`)).json).toMatchObject({ id: theirRequest });
    expect((await apiClient(theirKey).get(`/api/v1/reviews/${theirReview}`)).json).toMatchObject({ id: theirReview, matchStatus: expect.any(String) });
    for (const path of [`/api/v1/review-requests/${theirRequest}`, `/api/v1/reviews/${theirReview}`, '/api/v1/reviews/abc']) {
      const refused = await mine.api.get(path);
      expect(refused.status, path).toBe(404);
      expect(refused.json).toMatchObject({ status: 404, title: 'Not Found' });
    }
    expect((await mine.api.get('/api/v1/review-requests')).json).toEqual([]);
    expect((await mine.api.get('/api/v1/unknown')).status).toBe(404);
    expect((await mine.api.get('/api/v1/unknown')).headers.get('content-type')).toBe('application/problem+json');
  });
});

describe('hostile input with a write key', () => {
  it('answers every bad body with a 4xx problem and creates nothing', async () => {
    const { api, workspaceId } = await officeWithKey();
    const bodies = [
      '{"staffFirstName":"Sam\\u0000","reviewerName":"Sam\\u0000","rating":5}',
      '{"__proto__":{"admin":true}}',
      '{"teamId":123456789012345678901234567890,"rating":1e308}',
      '{"reviewerName":["Sam"],"rating":"5"}',
      '[]',
      'null',
      `{"comment":"${'x'.repeat(3 * 1024 * 1024)}"}`,
    ];
    for (const path of ['/api/v1/review-requests', '/api/v1/reviews']) {
      for (const raw of bodies) {
        const res = await api.request('POST', path, undefined, { raw });
        expect(res.status, `${path} ${raw.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        expect(typeof res.json.detail).toBe('string');
      }
    }
    expect(await app.database.db.select().from(reviewRequests).where(eq(reviewRequests.workspaceId, workspaceId))).toEqual([]);
    expect((await api.get('/api/v1/reviews')).json).toEqual([]);
  });
});

describe('reviews', () => {
  // Issue 27, item 12: reviewText (where the API says comment) was dropped and the review stored with 201.
  it('refuses a field the API does not know, naming it, and stores nothing', async () => {
    const { api, teamId } = await officeWithKey();
    const res = await api.post('/api/v1/reviews', { reviewerName: 'Ana Lima', rating: 5, reviewText: 'Lovely' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.json).toMatchObject({ status: 400, detail: 'Unknown field: reviewText', field: 'reviewText' });
    const two = await api.post('/api/v1/review-requests', requestBody(teamId, { mobile: '0400 000 000', notes: 'x' }));
    expect(two.status).toBe(400);
    expect(two.json.detail).toBe('Unknown fields: mobile, notes');
    expect((await api.get('/api/v1/reviews')).json).toEqual([]);
    expect((await api.get('/api/v1/review-requests')).json).toEqual([]);
  });

  it('adds a review, matched to the request it answers, and lists it with its match status', async () => {
    const { api, teamId } = await officeWithKey();
    const logged = await api.post('/api/v1/review-requests', requestBody(teamId, { firstName: 'Priya', lastName: 'Natarajan' }));
    expect(logged.status).toBe(201);
    const res = await api.request(
      'POST',
      '/api/v1/reviews',
      { reviewerName: 'Priya Natarajan', rating: 5, comment: 'Tom was great', externalId: 'crm-1' },
      { headers: { 'idempotency-key': 'rev-1' } },
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ id: expect.any(Number), rating: 5, source: 'crm', kind: 'action' });
    expect(res.json.matchStatus).not.toBe('unmatched');
    expect(res.json.requestId).toBe(logged.json.id);
    expect(res.json.teamId).toBe(teamId);
    const replay = await api.request(
      'POST',
      '/api/v1/reviews',
      { reviewerName: 'Priya Natarajan', rating: 5, comment: 'Tom was great', externalId: 'crm-1' },
      { headers: { 'idempotency-key': 'rev-1' } },
    );
    expect(replay.json.id).toBe(res.json.id);
    const again = await api.post('/api/v1/reviews', { reviewerName: 'Priya Natarajan', rating: 5, comment: 'Tom was great', externalId: 'crm-1' });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(res.json.id);

    const listed = await api.get('/api/v1/reviews');
    expect(listed.json).toEqual([expect.objectContaining({ id: res.json.id, matchStatus: res.json.matchStatus })]);
    expect((await api.get(`/api/v1/reviews?matchStatus=unmatched`)).json).toEqual([]);
    expect((await api.get('/api/v1/reviews?matchStatus=nope')).status).toBe(400);
    expect((await api.post('/api/v1/reviews', { reviewerName: 'X', rating: 9 })).json).toMatchObject({ status: 400, field: 'rating' });
  });
});

describe('teams, staff, dashboard', () => {
  it("answer the key's workspace only", async () => {
    const { api, teamId } = await officeWithKey();
    await officeWithKey();
    const teams = await api.get('/api/v1/teams');
    // Front Desk and the workspace's own "Unknown" team; nothing of the other workspace.
    expect((teams.json as { name: string }[]).map((t) => t.name).sort()).toEqual(['Front Desk', 'Unknown']);
    expect(teams.json).toContainEqual(expect.objectContaining({ id: teamId, name: 'Front Desk' }));
    await api.post('/api/v1/review-requests', requestBody(teamId));
    const staff = await api.get('/api/v1/staff');
    expect(staff.json).toEqual([expect.objectContaining({ firstName: 'Tom', requests: 1 })]);
    const dashboard = await api.get('/api/v1/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.json).toMatchObject({ companyName: 'Harbourside Dental', totals: { requestsSent: 1 } });
  });

  // Issue 27, item 17: averageRating was ten times the stars (50 for five stars), and undocumented.
  it("gives a team's averageRating in stars with one decimal, as the API document says", async () => {
    const { api, client, teamId } = await officeWithKey();
    for (const [first, rating] of [
      ['Ana', 5],
      ['Ben', 4],
      ['Cai', 4],
    ] as const) {
      expect((await api.post('/api/v1/review-requests', requestBody(teamId, { firstName: first, lastName: 'Quist' }))).status).toBe(201);
      expect((await api.post('/api/v1/reviews', { reviewerName: `${first} Quist`, rating })).json.teamId).toBe(teamId);
    }
    const team = ((await api.get('/api/v1/dashboard')).json.teams as { id: number; averageRating: number }[]).find((t) => t.id === teamId)!;
    expect(team.averageRating).toBe(4.3);
    // The screens' own payload keeps SPEC.md's ten times.
    expect(((await client.get('/api/dashboard')).json.teams as { id: number; averageRating: number }[]).find((t) => t.id === teamId)!.averageRating).toBe(43);
    const documented = (await api.get('/api/v1/openapi.json')).json.components.schemas.Dashboard.properties.teams.items.properties.averageRating;
    expect(documented).toMatchObject({ minimum: 0, maximum: 5, description: expect.stringContaining('one decimal') });
  });
});

describe('rate limit', () => {
  it(`answers 429 with Retry-After past ${RATE_LIMIT} requests a minute`, async () => {
    const { api, keyId } = await officeWithKey('read');
    // Straight to the end of the window's count, rather than 120 requests.
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    const windowStart = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    await app.database.db
      .update(apiKeys)
      .set({ rateWindowStart: windowStart, rateCount: RATE_LIMIT - 1 })
      .where(eq(apiKeys.id, row!.id));
    const last = await api.get('/api/v1/teams');
    if (last.status === 429) return; // The minute turned over between the two lines: nothing to see.
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
    const refused = await api.get('/api/v1/teams');
    if (Math.floor(Date.now() / 60_000) * 60_000 !== windowStart.getTime()) return;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json).toMatchObject({ status: 429, title: 'Too Many Requests' });
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('is public, validates, and lists every /api/v1 route', async () => {
    const res = await apiClient(null).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const result = await validate(res.json);
    expect(result.valid).toBe(true);
    const routesDir = new URL('../../src/pages/api/v1/', import.meta.url).pathname;
    const files = readdirSync(routesDir, { recursive: true })
      .map(String)
      .filter((f) => !statSync(join(routesDir, f)).isDirectory() && !f.split('/').pop()!.startsWith('_'));
    const paths = Object.keys(res.json.paths);
    for (const file of files) expect(paths, file).toContain(`/${file.replace(/\.ts$/, '').replace(/\[(\w+)\]/g, '{$1}')}`);
  });
});

describe('GET /docs/api', () => {
  it('serves the reference page and its scripts from the product', async () => {
    const page = await apiClient(null).get('/docs/api');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/https?:\/\//);
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    for (const src of scripts) {
      const res = await apiClient(null).get(src);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toContain('immutable');
    }
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

// Issue 27, item 16: a validator refused the README's own example (integer ids) and the reference
// page showed negative counts. Checked with outside tools: Ajv (JSON Schema 2020-12, which OpenAPI
// 3.1 uses) for the examples and every answer above, Redocly's recommended rules for the document.
describe('the OpenAPI document, read by outside tools', () => {
  async function loadDocument() {
    const res = await apiClient(null).get('/api/v1/openapi.json');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(res.json, 'openapi');
    return { document: res.json, ajv };
  }

  it("passes Redocly's recommended rules with no error", async () => {
    const { document } = await loadDocument();
    const results = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(
      results.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
    ).toEqual([]);
  });

  it('has examples that its own schemas accept', async () => {
    const { document, ajv } = await loadDocument();
    const failures: string[] = [];
    const walk = (node: unknown, pointer: string) => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      if ('example' in schema && ('type' in schema || 'anyOf' in schema || '$ref' in schema)) {
        if (!ajv.validate({ $ref: `openapi#${pointer}` }, schema.example)) failures.push(`${pointer}: ${ajv.errorsText()}`);
      }
      for (const [key, value] of Object.entries(schema)) walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    };
    walk(document.components, '/components');
    expect(failures).toEqual([]);
    // The README's example: ids as integers.
    expect(
      ajv.validate(
        { $ref: 'openapi#/components/schemas/ReviewRequestCreate' },
        { staffFirstName: 'Tom', staffEmail: 'tom@example.com', teamId: 7, templateId: 3, email: 'sarah@example.net', firstName: 'Sarah', lastName: 'Kim' },
      ),
    ).toBe(true);
  });

  it('describes every answer the public API gave in this file, by path, method and status', async () => {
    const { document, ajv } = await loadDocument();
    expect(answers.length).toBeGreaterThan(30);
    const templates = Object.keys(document.paths).map((path) => ({ path, pattern: new RegExp(`^/api/v1${path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
    const failures: string[] = [];
    for (const answer of answers) {
      const bare = answer.path.split('?')[0]!;
      const template = templates.find((t) => t.pattern.test(bare));
      if (!template) continue; // An unknown path: its 404 is the router's, checked above.
      const operation = document.paths[template.path][answer.method.toLowerCase()];
      const response = operation?.responses?.[String(answer.status)] ?? operation?.responses?.default;
      if (!response?.content?.[answer.contentType]) {
        failures.push(`${answer.method} ${bare} ${answer.status} ${answer.contentType}: not in the document`);
        continue;
      }
      const escaped = template.path.replace(/~/g, '~0').replace(/\//g, '~1');
      const pointer = `openapi#/paths/${escaped}/${answer.method.toLowerCase()}/responses/${operation.responses[String(answer.status)] ? answer.status : 'default'}/content/${answer.contentType.replace(/\//g, '~1')}/schema`;
      if (!ajv.validate({ $ref: pointer }, answer.json)) failures.push(`${answer.method} ${bare} ${answer.status}: ${ajv.errorsText()}`);
    }
    expect(failures).toEqual([]);
  });
});

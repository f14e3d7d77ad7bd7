import { describe, expect, it } from 'vitest';
import { errorJson, json } from './http.ts';
import { problem } from './api-v1/problem.ts';
import { reasonOf, requestIdFrom, requestLogLine, type RequestOutcome } from './request-log.ts';

const outcome = (o: Partial<RequestOutcome>): RequestOutcome => ({
  method: 'GET',
  routePattern: '',
  pathname: '/',
  status: 200,
  durationMs: 3.4,
  requestId: 'req-1',
  workspaceId: null,
  reason: null,
  ...o,
});

describe('requestLogLine', () => {
  it("names Astro's route pattern, not the path with its ids and tokens", () => {
    const line = requestLogLine(outcome({ routePattern: '/r/[token]', pathname: '/r/secret-token-abc' }));
    expect(line).toEqual({ level: 'info', msg: 'request', fields: { method: 'GET', route: '/r/[token]', status: 200, durationMs: 3, requestId: 'req-1' } });
    expect(JSON.stringify(line)).not.toContain('secret-token-abc');
  });

  it('falls back to the path, with what follows a token prefix left out', () => {
    expect(requestLogLine(outcome({ pathname: '/pricing' })).fields.route).toBe('/pricing');
    for (const path of ['/r/tok/x/y', '/wall/tok/extra', '/api/kiosk/tok/nope', '/api/review-link/tok/x', '/api/webhooks/crm/tok/x']) {
      const { route } = requestLogLine(outcome({ pathname: path })).fields;
      expect(route).not.toContain('tok');
      expect(route.endsWith('/…')).toBe(true);
    }
  });

  it('carries the workspace and the reason of a refusal; a failure is an error, too many requests a warning', () => {
    const refused = requestLogLine(outcome({ status: 403, workspaceId: 7, reason: 'Your plan allows 2 teams' }));
    expect(refused.level).toBe('info');
    expect(refused.fields).toMatchObject({ status: 403, workspaceId: 7, reason: 'Your plan allows 2 teams' });
    expect(requestLogLine(outcome({ status: 429 })).level).toBe('warn');
    expect(requestLogLine(outcome({ status: 500 })).level).toBe('error');
  });
});

describe('requestIdFrom', () => {
  it("keeps a proxy's plain request id and replaces anything else", () => {
    expect(requestIdFrom('3f2a-91b0.edge:7')).toBe('3f2a-91b0.edge:7');
    for (const header of [null, '', 'has space', 'x'.repeat(101), 'a"b', 'id\nforged']) {
      expect(requestIdFrom(header)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('reasonOf', () => {
  it('reads the message of an error answer only', async () => {
    expect(await reasonOf(errorJson(429, 'Too many attempts. Try again later.'))).toBe('Too many attempts. Try again later.');
    expect(await reasonOf(json({ message: 'Saved' }))).toBeNull();
    expect(await reasonOf(problem(401, 'The API key is not valid, or it was revoked'))).toBe('The API key is not valid, or it was revoked');
    expect(await reasonOf(new Response('<h1>Not found</h1>', { status: 404, headers: { 'content-type': 'text/html' } }))).toBeNull();
  });

  it('leaves the answer readable', async () => {
    const response = errorJson(401, 'Authentication required');
    await reasonOf(response);
    expect(await response.json()).toEqual({ message: 'Authentication required' });
  });
});

import type { Db } from '#platform/db/database.ts';
import type { ApiKeyScope } from '#shared/statuses.ts';
import { findWorkspaceById, type Workspace } from '#domain/workspace/workspaces.ts';
import { bearerKey, rateLimitHeaders, useApiKey, type KeyUse } from './keys.ts';
import { problem } from './problem.ts';

// Who may call /api/v1 (docs/decisions/039): a Bearer API key, nothing else. No session cookie is
// read there, so no cross-site check is needed either: a key is never sent by a browser on its own.

export const API_V1_PREFIX = '/api/v1';
/** Open to anyone: the reference page reads it. */
export const PUBLIC_API_V1_PATHS: ReadonlySet<string> = new Set(['/api/v1/openapi.json']);

export const isApiV1Path = (pathname: string) => pathname === API_V1_PREFIX || pathname.startsWith(`${API_V1_PREFIX}/`);

/** What the middleware knows about an API key caller (App.Locals.apiKey). */
export interface ApiCaller {
  keyId: number;
  scope: ApiKeyScope;
  workspace: Workspace;
  rate: KeyUse['rate'];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const unauthorized = (detail: string) => problem(401, detail, { headers: { 'www-authenticate': 'Bearer realm="api"' } });

export type Gate = { ok: true; caller: ApiCaller } | { ok: false; response: Response };

/** Checks the request's key, counts it against the rate limit and checks its scope. */
export async function checkApiKey(db: Db, request: Request): Promise<Gate> {
  const key = bearerKey(request.headers.get('authorization'));
  if (!key) return { ok: false, response: unauthorized('Send an API key: Authorization: Bearer rc_live_...') };
  const use = await useApiKey(db, key);
  const workspace = use ? await findWorkspaceById(db, use.workspaceId) : null;
  if (!use || !workspace) return { ok: false, response: unauthorized('The API key is not valid, or it was revoked') };
  const headers = rateLimitHeaders(use.rate);
  if (use.rate.exceeded)
    return { ok: false, response: problem(429, `Rate limit of ${use.rate.limit} requests a minute reached: retry in ${use.rate.reset} seconds`, { headers }) };
  if (use.scope === 'read' && !SAFE_METHODS.has(request.method)) {
    return { ok: false, response: problem(403, 'This API key is read-only: create a key with the write scope to make changes', { headers }) };
  }
  return { ok: true, caller: { keyId: use.keyId, scope: use.scope, workspace, rate: use.rate } };
}

/** A handler's first call: the key's caller (the middleware has checked it), or 401. */
export function requireApiKey(locals: { apiKey?: ApiCaller | null }): { ok: true; caller: ApiCaller } | { ok: false; response: Response } {
  return locals.apiKey ? { ok: true, caller: locals.apiKey } : { ok: false, response: unauthorized('Send an API key: Authorization: Bearer rc_live_...') };
}

/** The answer with the caller's RateLimit-* headers, error bodies as problem details. */
export function withRateHeaders(response: Response, caller: ApiCaller | null): Response {
  if (!caller) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(rateLimitHeaders(caller.rate))) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

import type { APIRoute } from 'astro';
import { createApiKey, listApiKeys, MAX_API_KEYS } from '#web/api-v1/keys.ts';
import { apiKeyCreatePayload } from '#contracts/api-v1.ts';
import { requireAdmin } from '#web/guards.ts';
import { errorJson, json, parseJsonBody } from '#web/http.ts';

/** The workspace's live API keys (never the keys themselves), newest first. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listApiKeys(locals.runtime.database.db, access.workspace.id));
};

/** A new key: the answer is the only time the key is ever shown. */
export const POST: APIRoute = async ({ locals, request }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, apiKeyCreatePayload);
  if (!parsed.ok) return parsed.response;
  const created = await createApiKey(locals.runtime.database.db, access.workspace.id, parsed.data);
  if (!created) return errorJson(409, `A workspace can have at most ${MAX_API_KEYS} API keys: revoke one first`);
  return json(created, 201);
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/auth/guards.ts';
import { badRequest, errorJson, json, parseJsonBody } from '../../../../lib/http.ts';
import { checkPublicTarget } from '../../../../lib/net/public-target.ts';
import { webhookCreatePayload } from '../../../../lib/webhooks/schemas.ts';
import { createWebhookEndpoint, listWebhookEndpoints, MAX_WEBHOOK_ENDPOINTS } from '../../../../lib/webhooks/store.ts';

/** The workspace's webhook endpoints with their last delivery's status (never their secrets). */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listWebhookEndpoints(locals.runtime.database.db, access.workspace.id));
};

/** A new endpoint: the answer is the only time its signing secret is shown. */
export const POST: APIRoute = async ({ locals, request }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, webhookCreatePayload);
  if (!parsed.ok) return parsed.response;
  const { runtime } = locals;
  const target = await checkPublicTarget(new URL(parsed.data.url), runtime.config.allowPrivateWebhookTargets);
  if (!target.ok) return badRequest(target.message, 'url');
  const created = await createWebhookEndpoint(runtime.database.db, access.workspace.id, parsed.data, runtime.secretKey);
  if (!created) return errorJson(409, `A workspace can have at most ${MAX_WEBHOOK_ENDPOINTS} webhooks: delete one first`);
  return json(created, 201);
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { webhookCreatePayload } from '#contracts/webhook-schemas.ts';
import { addWebhookEndpoint, listWebhookEndpoints } from '#domain/integrations/webhooks/store.ts';

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
  const ctx = { db: runtime.database.db, secretKey: runtime.secretKey, allowPrivateTargets: runtime.config.allowPrivateWebhookTargets };
  const added = await addWebhookEndpoint(ctx, access.workspace.id, parsed.data);
  return added.ok ? json(added.endpoint, 201) : refused(added.refusal);
};

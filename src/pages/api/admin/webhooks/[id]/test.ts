import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId } from '#web/http.ts';
import { sendTestWebhook } from '#domain/integrations/webhooks/deliveries.ts';

/** Sends a webhook.test event now (one attempt, logged) and answers how it went. */
export const POST: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  const outcome = id === null ? null : await sendTestWebhook(locals.runtime, access.workspace.id, id);
  if (!outcome) return notFound('Webhook not found');
  return json(outcome);
};

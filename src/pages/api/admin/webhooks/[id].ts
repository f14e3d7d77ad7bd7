import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId } from '#web/http.ts';
import { deleteWebhookEndpoint } from '#domain/integrations/webhooks/store.ts';

/** Deletes an endpoint and its delivery log; its queued deliveries are dropped. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null || !(await deleteWebhookEndpoint(locals.runtime.database.db, access.workspace.id, id))) return notFound('Webhook not found');
  return json({ message: 'Webhook deleted' });
};

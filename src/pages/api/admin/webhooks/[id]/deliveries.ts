import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId } from '#web/http.ts';
import { listDeliveries } from '#domain/integrations/webhooks/store.ts';

/** The endpoint's latest 100 deliveries, newest first, each with every attempt. */
export const GET: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  const deliveries = id === null ? null : await listDeliveries(locals.runtime.database.db, access.workspace.id, id);
  if (!deliveries) return notFound('Webhook not found');
  return json(deliveries);
};

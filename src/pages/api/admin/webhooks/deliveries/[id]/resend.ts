import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound } from '#web/http.ts';
import { resendDelivery } from '#domain/integrations/webhooks/deliveries.ts';
import { isDeliveryId } from '#contracts/webhook-schemas.ts';

/** Queues a delivery again: the same body and webhook-id, retried like the first sending. */
export const POST: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  if (!isDeliveryId(params.id) || !(await resendDelivery(locals.runtime, access.workspace.id, params.id.toLowerCase()))) return notFound('Delivery not found');
  return json({ message: 'Delivery queued again' }, 202);
};

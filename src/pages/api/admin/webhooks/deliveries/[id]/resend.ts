import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../../lib/auth/guards.ts';
import { json, notFound } from '../../../../../../lib/http.ts';
import { resendDelivery } from '../../../../../../lib/webhooks/deliveries.ts';
import { isDeliveryId } from '../../../../../../lib/webhooks/schemas.ts';

/** Queues a delivery again: the same body and webhook-id, retried like the first sending. */
export const POST: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  if (!isDeliveryId(params.id) || !(await resendDelivery(locals.runtime, access.workspace.id, params.id.toLowerCase()))) return notFound('Delivery not found');
  return json({ message: 'Delivery queued again' }, 202);
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../../lib/auth/guards.ts';
import { deliveryEntry } from '../../../../../../lib/crm/delivery-log.ts';
import { processDeliveryAgain } from '../../../../../../lib/crm/receive.ts';
import { errorJson, json, notFound, parseId } from '../../../../../../lib/http.ts';

/** "Process again": a refused delivery from the log, processed as if it had just arrived. */
export const POST: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return notFound('Delivery not found');
  const { database, config } = locals.runtime;
  const result = await processDeliveryAgain({ database, jobs: locals.runtime.jobs, publicKey: config.ghlWebhookPublicKey }, access.workspace, id);
  if (!result.ok) return errorJson(result.httpStatus, result.message);
  const delivery = await deliveryEntry(database.db, access.workspace.id, id);
  if (result.outcome.status === 'refused') return json({ message: result.outcome.message, delivery }, 422);
  return json({ delivery });
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { deliveryEntry, findDelivery } from '#domain/integrations/crm/delivery-log.ts';
import { processDeliveryAgain } from '#domain/integrations/crm/receive.ts';
import { processRequestDeliveryAgain } from '#domain/integrations/crm/request-intake.ts';
import { emailSender } from '#domain/email/mailer.ts';
import { linkBase } from '#web/public-url.ts';
import { errorJson, json, notFound, parseId } from '#web/http.ts';

/** "Process again": a refused delivery from the log, processed as if it had just arrived. */
export const POST: APIRoute = async ({ locals, params, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return notFound('Delivery not found');
  const { database, config, jobs, secretKey } = locals.runtime;
  const publicKey = config.ghlWebhookPublicKey;
  // The request webhook's deliveries (decision 041) are processed again by the request intake.
  const result =
    (await findDelivery(database.db, access.workspace.id, id))?.kind === 'request'
      ? await processRequestDeliveryAgain(
          { database, sender: emailSender(config), jobs, secretKey, publicUrl: linkBase(config, url), publicKey },
          access.workspace,
          id,
        )
      : await processDeliveryAgain({ database, jobs, publicKey }, access.workspace, id);
  if (!result.ok) return errorJson(result.httpStatus, result.message);
  const delivery = await deliveryEntry(database.db, access.workspace.id, id);
  if (result.outcome.status === 'refused') return json({ message: result.outcome.message, delivery }, 422);
  return json({ delivery });
};

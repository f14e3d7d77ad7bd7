import type { APIRoute } from 'astro';
import { receiveCrmDelivery } from '#domain/integrations/crm/receive.ts';
import { workspaceForWebhookToken } from '#domain/integrations/crm/webhook.ts';
import { errorJson, json, MAX_JSON_BODY_BYTES, readBodyUpTo } from '#web/http.ts';

// Verify first, store before anything else, answer once the review is stored (CONVENTIONS.md).
export const POST: APIRoute = async ({ locals, params, request }) => {
  const { database, config } = locals.runtime;
  const workspace = await workspaceForWebhookToken(database.db, params.token ?? '');
  if (!workspace) return errorJson(404, 'Unknown webhook');

  const raw = await readBodyUpTo(request, MAX_JSON_BODY_BYTES);
  const outcome = await receiveCrmDelivery({ database, jobs: locals.runtime.jobs, publicKey: config.ghlWebhookPublicKey }, workspace, {
    raw: raw ?? new Uint8Array(),
    complete: raw !== null,
    contentType: request.headers.get('content-type'),
    signature: request.headers.get('x-ghl-signature'),
  });
  if (outcome.status === 'refused') return errorJson(outcome.httpStatus, outcome.message, outcome.field);
  return json({ ...(outcome.reviewId !== null ? { id: outcome.reviewId } : {}), message: outcome.message }, outcome.httpStatus);
};

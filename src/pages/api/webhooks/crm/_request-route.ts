import type { APIContext } from 'astro';
import { emailSender } from '#domain/email/mailer.ts';
import { errorJson, json, MAX_JSON_BODY_BYTES, readBodyUpTo } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';
import { receiveCrmRequest } from '#domain/integrations/crm/request-intake.ts';
import { workspaceForWebhookToken } from '#domain/integrations/crm/webhook.ts';

/**
 * The request webhook, authenticated exactly like the review webhook: the workspace's secret (found
 * by its hash, so the comparison never leaks it), then X-GHL-Signature when HighLevel's key is set.
 */
export async function receiveRequestWebhook({ locals, request, url }: APIContext, secret: string): Promise<Response> {
  const { database, config, jobs, secretKey } = locals.runtime;
  const workspace = await workspaceForWebhookToken(database.db, secret.trim());
  if (!workspace) return errorJson(401, 'Unknown webhook secret');

  const raw = await readBodyUpTo(request, MAX_JSON_BODY_BYTES);
  const outcome = await receiveCrmRequest(
    { database, sender: emailSender(config), jobs, secretKey, publicUrl: linkBase(config, url), publicKey: config.ghlWebhookPublicKey },
    workspace,
    {
      raw: raw ?? new Uint8Array(),
      complete: raw !== null,
      contentType: request.headers.get('content-type'),
      signature: request.headers.get('x-ghl-signature'),
    },
  );
  if (outcome.status === 'refused') {
    const answer = errorJson(outcome.httpStatus, outcome.message, outcome.field);
    if (outcome.httpStatus === 429) answer.headers.set('retry-after', '60');
    return answer;
  }
  return json(
    {
      ...(outcome.requestId !== null ? { id: outcome.requestId } : {}),
      message: outcome.message,
      ...(outcome.emailStatus ? { emailStatus: outcome.emailStatus } : {}),
      ...(outcome.smsStatus ? { channel: outcome.channel, smsStatus: outcome.smsStatus } : {}),
    },
    outcome.httpStatus,
  );
}

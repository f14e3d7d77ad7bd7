import { IncomingWebhook, IncomingWebhookHTTPError, IncomingWebhookRequestError } from '@slack/webhook';
import { slackMessage, teamsMessage } from './messages.ts';
import type { AlertChannel } from './targets.ts';

/** How long one post may take. */
export const ALERT_TIMEOUT_MS = 10_000;

/** A post the receiver refused or never answered; `final` when trying again cannot help. */
export class AlertNotDelivered extends Error {
  readonly final: boolean;
  constructor(message: string, final: boolean) {
    super(message);
    this.final = final;
  }
}

// Slack: 400 invalid_payload, 403 action_prohibited, 404 channel_not_found, 410 channel_is_archived
// are final (INTEGRATIONS.md); 429 and 5xx pass. Teams' webhooks answer 202 on success.
const FINAL_STATUSES = new Set([400, 401, 403, 404, 410]);

/** fetch says only "fetch failed": the reason (refused, timed out, unknown host) is its cause. */
function networkReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

const describe = (service: string, status: number, body: string) => `${service} answered ${status}${body.trim() ? `: ${body.trim().slice(0, 200)}` : ''}`;

/** Posts the text to the channel's webhook; resolves once it was accepted. */
export async function postAlert(channel: AlertChannel, url: string, text: string): Promise<void> {
  if (channel === 'slack') {
    try {
      await new IncomingWebhook(url, { timeout: ALERT_TIMEOUT_MS }).send(slackMessage(text));
    } catch (error) {
      if (error instanceof IncomingWebhookHTTPError) throw new AlertNotDelivered(describe('Slack', error.statusCode, error.body), FINAL_STATUSES.has(error.statusCode));
      if (error instanceof IncomingWebhookRequestError) throw new AlertNotDelivered(`Slack could not be reached: ${networkReason(error.original)}`, false);
      throw error;
    }
    return;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(teamsMessage(text)),
      redirect: 'error',
      signal: AbortSignal.timeout(ALERT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new AlertNotDelivered(`Teams could not be reached: ${networkReason(error)}`, false);
  }
  if (!response.ok) throw new AlertNotDelivered(describe('Teams', response.status, await response.text().catch(() => '')), FINAL_STATUSES.has(response.status));
}

import { postJsonPinned } from '#platform/net/post-json.ts';
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

const describe = (service: string, status: number, body: string) => `${service} answered ${status}${body.trim() ? `: ${body.trim().slice(0, 200)}` : ''}`;

/**
 * Posts the text to the channel's webhook; resolves once it was accepted. The URL's address is
 * checked at each post as a webhook's is (src/platform/net/post-json.ts): one check for every outbound
 * URL an admin typed in.
 */
export async function postAlert(channel: AlertChannel, url: string, text: string, allowPrivate: boolean, link: string | null = null): Promise<void> {
  const service = channel === 'slack' ? 'Slack' : 'Teams';
  const body = JSON.stringify(channel === 'slack' ? slackMessage(text, link) : teamsMessage(text, link));
  const outcome = await postJsonPinned(new URL(url), body, { allowPrivate, timeoutMs: ALERT_TIMEOUT_MS });
  if (!outcome.ok) throw new AlertNotDelivered(outcome.refused ? outcome.error : `${service} could not be reached: ${outcome.error}`, false);
  if (outcome.status < 200 || outcome.status >= 300)
    throw new AlertNotDelivered(describe(service, outcome.status, outcome.body), FINAL_STATUSES.has(outcome.status));
}

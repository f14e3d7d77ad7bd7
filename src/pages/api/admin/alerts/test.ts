import type { APIRoute } from 'astro';
import { AlertNotDelivered, postAlert } from '#domain/integrations/alerts/send.ts';
import { alertTargets, readAlerts, recordAlertOutcome } from '#domain/integrations/alerts/store.ts';
import type { AlertChannel } from '#domain/integrations/alerts/targets.ts';
import { requireAdmin } from '#web/guards.ts';
import { badRequest, json } from '#web/http.ts';

/** "Send test message": posts now to every configured channel and answers each outcome. */
export const POST: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { database, secretKey } = locals.runtime;
  const { urls } = await alertTargets(database.db, access.workspace.id, secretKey);
  const channels = Object.keys(urls) as AlertChannel[];
  if (channels.length === 0) return badRequest('Add a Slack or Teams webhook URL first');
  const text = `✅ Review Challenge alerts work: this channel will hear about new reviews, goals and the target. (${access.workspace.businessName})`;
  const results: Partial<Record<AlertChannel, { sent: boolean; error: string | null }>> = {};
  for (const channel of channels) {
    try {
      await postAlert(channel, urls[channel]!, text, locals.runtime.config.allowPrivateWebhookTargets);
      results[channel] = { sent: true, error: null };
    } catch (error) {
      if (!(error instanceof AlertNotDelivered)) throw error;
      results[channel] = { sent: false, error: error.message };
    }
    await recordAlertOutcome(database.db, access.workspace.id, channel, results[channel]!.error);
  }
  const failed = channels.filter((c) => !results[c]!.sent);
  const message =
    failed.length === 0 ? 'Test message sent' : `The test message could not be sent to ${failed.map((c) => (c === 'slack' ? 'Slack' : 'Teams')).join(' and ')}`;
  return json({ message, results, alerts: await readAlerts(database.db, access.workspace.id) });
};

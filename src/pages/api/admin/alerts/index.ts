import type { APIRoute } from 'astro';
import { readAlerts, saveAlerts, type AlertsChange } from '#domain/integrations/alerts/store.ts';
import { checkAlertUrl, type AlertChannel } from '#domain/integrations/alerts/targets.ts';
import { requireAdmin } from '#web/guards.ts';
import { badRequest, json, parseJsonBody } from '#web/http.ts';
import { alertsPayload } from '#contracts/alert-payloads.ts';

/** Whether Slack and Teams are set up (never their URLs), their last error, and the events that alert. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await readAlerts(locals.runtime.database.db, access.workspace.id));
};

export const PUT: APIRoute = async ({ locals, request }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, alertsPayload);
  if (!parsed.ok) return parsed.response;
  const { config, database, secretKey } = locals.runtime;
  const { slackWebhookUrl, teamsWebhookUrl, events } = parsed.data;
  if (slackWebhookUrl === undefined && teamsWebhookUrl === undefined && events === undefined) {
    return badRequest('Send slackWebhookUrl, teamsWebhookUrl or events to change');
  }
  const change: AlertsChange = { events };
  const fields = { slack: 'slackWebhookUrl', teams: 'teamsWebhookUrl' } as const satisfies Record<AlertChannel, keyof AlertsChange>;
  for (const [channel, field] of Object.entries(fields) as [AlertChannel, (typeof fields)[AlertChannel]][]) {
    const value = parsed.data[field];
    if (value === undefined) continue;
    if (value === null || value.trim() === '') {
      change[field] = null;
      continue;
    }
    const checked = checkAlertUrl(channel, value, config.allowPrivateWebhookTargets);
    if (!checked.ok) return badRequest(checked.message, field);
    change[field] = checked.url;
  }
  return json(await saveAlerts(database.db, access.workspace.id, secretKey, change));
};

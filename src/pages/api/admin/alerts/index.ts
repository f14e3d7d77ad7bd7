import type { APIRoute } from 'astro';
import { readAlerts, saveAlerts, type AlertsChange } from '../../../../lib/alerts/store.ts';
import { checkAlertUrl, type AlertChannel } from '../../../../lib/alerts/targets.ts';
import { requireAdmin } from '../../../../lib/auth/guards.ts';
import { badRequest, json, parseJsonBody } from '../../../../lib/http.ts';
import { alertsPayload } from '../../../../lib/validation/alert-payloads.ts';

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
  const change: AlertsChange = { events: parsed.data.events };
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

import { z } from 'zod';
import { ALERT_EVENTS } from '#shared/event-names.ts';

/** PUT /api/admin/alerts: each URL absent (kept), null or "" (removed) or a new one; the events that alert. */
export const alertsPayload = z.object({
  slackWebhookUrl: z.string({ error: 'Slack webhook URL must be text' }).max(2000, 'Slack webhook URL is too long').nullable().optional(),
  teamsWebhookUrl: z.string({ error: 'Teams webhook URL must be text' }).max(2000, 'Teams webhook URL is too long').nullable().optional(),
  events: z
    .array(z.enum(ALERT_EVENTS, { error: `Events must be among ${ALERT_EVENTS.join(', ')}` }), { error: 'Events must be a list' })
    .max(ALERT_EVENTS.length)
    .optional(),
});

// The events an admin can subscribe a webhook to (shared with the admin panel: no server imports here).
export const WEBHOOK_EVENTS = ['review.created', 'review.matched', 'request.logged', 'goal.reached'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The type of a "Send test" delivery. */
export const TEST_EVENT = 'webhook.test';

// The names of what happens, each list once: the domain's events (src/domain/events/domain-events.ts
// raises them), the ones a webhook can carry and an alert can post (the admin panel shows both: no
// server imports here).

export const DOMAIN_EVENT_TYPES = ['review.created', 'review.matched', 'request.logged', 'goal.reached', 'target.reached'] as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** The events an admin can subscribe a webhook to. */
export const WEBHOOK_EVENTS = ['review.created', 'review.matched', 'request.logged', 'goal.reached'] as const satisfies readonly DomainEventType[];
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The type of a "Send test" delivery. */
export const TEST_EVENT = 'webhook.test';

/** The events a Slack or Teams alert can post. */
export const ALERT_EVENTS = ['review.matched', 'goal.reached', 'target.reached'] as const satisfies readonly DomainEventType[];
export type AlertEvent = (typeof ALERT_EVENTS)[number];

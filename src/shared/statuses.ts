// Where each kind of record stands, as the database stores it (src/platform/db/schema.ts holds the
// columns) and the screens show it: one list each, browser-safe.

/** How a review stands against the requests (src/domain/reviews/scoring.ts says which count for a team). */
export const MATCH_STATUSES = ['auto_matched', 'self_confirmed', 'manual', 'needs_review', 'unmatched'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** An email in the outbox. */
export const OUTBOX_STATUSES = ['pending', 'retrying', 'sent', 'failed', 'not sent: no SMTP'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** What became of a CRM delivery, and what it carried. */
export const CRM_DELIVERY_STATUSES = ['stored', 'duplicate', 'refused'] as const;
export type CrmDeliveryStatus = (typeof CRM_DELIVERY_STATUSES)[number];
export const CRM_DELIVERY_KINDS = ['review', 'request'] as const;
export type CrmDeliveryKind = (typeof CRM_DELIVERY_KINDS)[number];

/** What an API key may do. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Where a post to an outside receiver stands: a webhook delivery's, a Slack or Teams alert's. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Where alerts go. */
export const ALERT_CHANNELS = ['slack', 'teams'] as const;

/** How a person, the API or a CRM asks a customer (issue 29). */
export const REQUEST_CHANNELS = ['email', 'sms', 'both'] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];
/** How a stored request reached the customer: one of those, or 'qr' (the customer scanned a person's desk card). */
export const STORED_REQUEST_CHANNELS = [...REQUEST_CHANNELS, 'qr'] as const;
export type StoredRequestChannel = (typeof STORED_REQUEST_CHANNELS)[number];

/**
 * Where a text message stands: ours until Twilio takes it ('waiting' for quiet hours to end,
 * 'pending', 'retrying'; 'refused' when Twilio refused it), then Twilio's own statuses, in the order
 * they can move (SMS_STATUS_RANK: a late callback never moves a message backwards).
 */
export const SMS_STATUSES = [
  'waiting',
  'pending',
  'retrying',
  'refused',
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'read',
  'canceled',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

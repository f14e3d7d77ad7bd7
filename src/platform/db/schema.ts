import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ALERT_CHANNELS,
  API_KEY_SCOPES,
  CRM_DELIVERY_KINDS,
  CRM_DELIVERY_STATUSES,
  DELIVERY_STATUSES,
  MATCH_STATUSES,
  OUTBOX_STATUSES,
  STORED_REQUEST_CHANNELS,
  SMS_STATUSES,
} from '#shared/statuses.ts';

// Mirrors migrations/*.sql, which are the source of truth for the database itself.

export const workspaces = pgTable('workspaces', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  businessName: text('business_name').notNull(),
  adminEmail: text('admin_email').notNull(),
  staffPasswordHash: text('staff_password_hash').notNull(),
  adminPasswordHash: text('admin_password_hash').notNull(),
  plan: text('plan', { enum: ['free', 'starter', 'team', 'agency'] })
    .notNull()
    .default('free'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The end of the plan's trial; after it the workspace is on the free plan. Null: no trial. */
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** The workspace's Stripe customer (cus_...), once a checkout linked one. */
  stripeCustomerId: text('stripe_customer_id').unique(),
  /** Its current Stripe subscription (sub_...); null when it has none. */
  stripeSubscriptionId: text('stripe_subscription_id'),
  /** Moved by the database on every write to the workspace's requests (migrations/0030_requests_version.sql). */
  requestsVersion: bigint('requests_version', { mode: 'number' }).notNull().default(0),
});

/** The named wallboards of a workspace besides its own (Agency, issue 12). */
export const wallboards = pgTable('wallboards', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  targetReviews: integer('target_reviews'),
  weeklyGoal: integer('weekly_goal'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** Null: the workspace's own wallboard. */
  wallboardId: integer('wallboard_id').references(() => wallboards.id, { onDelete: 'set null' }),
  color: text('color').notNull().default('#3B82F6'),
  /** Reviews per week this team aims for; null: none of its own. */
  weeklyGoal: integer('weekly_goal'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const settings = pgTable(
  'settings',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);

export const sessions = pgTable('sessions', {
  /** SHA-256 of the session id the cookie carries. */
  id: text('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  admin: boolean('admin').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const attempts = pgTable('attempts', {
  id: serial('id').primaryKey(),
  scope: text('scope').notNull(),
  source: text('source').notNull(),
  knownDevice: boolean('known_device').notNull().default(false),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Password reset links (migrations/0012): the token's SHA-256, single use, one hour. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const emailTemplates = pgTable('email_templates', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  subject: text('subject').notNull(),
  htmlContent: text('html_content').notNull(),
  phoneScript: text('phone_script'),
  /** When asking works best with this template; null: the workspace's `request_timing_tip`. */
  timingTip: text('timing_tip'),
  /** The text message of this template (issue 29); null: the product's default text. */
  smsBody: text('sms_body'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The people of a workspace who log requests (migrations/0015): one per staff email. */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** Lower-cased and trimmed. */
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  active: boolean('active').notNull().default(true),
  /** Set when the admin merged this entry into another: requests logged with this email go there. */
  mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => staff.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reviewRequests = pgTable('review_requests', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id),
  staffFirstName: text('staff_first_name').notNull(),
  staffEmail: text('staff_email').notNull(),
  customerFirstName: text('customer_first_name').notNull(),
  customerLastName: text('customer_last_name').notNull(),
  customerEmail: text('customer_email').notNull(),
  templateId: integer('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
  emailSubject: text('email_subject').notNull().default(''),
  emailHtml: text('email_html').notNull().default(''),
  /** The tracked review link's token (/r/{token}); it opens no data, so it is kept as it is. */
  token: text('token').unique(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  clickedAt: timestamp('clicked_at', { withTimezone: true }),
  /** "Saw the customer on" (YYYY-MM-DD, workspace time); null on requests older than the field. */
  interactionDate: date('interaction_date', { mode: 'string' }),
  reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The keys the matcher files this customer under (src/domain/reviews/match-keys.ts), of matchKeysVersion. */
  matchKeys: text('match_keys').array().notNull().default([]),
  matchKeysVersion: smallint('match_keys_version').notNull().default(0),
  /** How the request reached the customer (issue 29); customerEmail is '' when it was not by email. */
  channel: text('channel', { enum: STORED_REQUEST_CHANNELS }).notNull().default('email'),
  /** The number it was texted to, E.164; null: not texted. */
  customerPhone: text('customer_phone'),
});

export const reviews = pgTable('reviews', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['google', 'action'] }).notNull(),
  source: text('source', { enum: ['google', 'crm', 'test'] }).notNull(),
  externalId: text('external_id').notNull(),
  reviewerName: text('reviewer_name'),
  reviewerPhotoUrl: text('reviewer_photo_url'),
  rating: integer('rating').notNull(),
  comment: text('comment'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }),
  ownerReply: text('owner_reply'),
  ownerReplyTime: timestamp('owner_reply_time', { withTimezone: true }),
  reviewUrl: text('review_url'),
  teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  requestId: integer('request_id').references(() => reviewRequests.id, { onDelete: 'set null' }),
  matchStatus: text('match_status', { enum: MATCH_STATUSES }).notNull().default('unmatched'),
  matchConfidence: integer('match_confidence'),
  /** The matcher's signals and scores (src/domain/reviews/matching), shown to the admin beside the confidence. */
  matchEvidence: jsonb('match_evidence'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /** Start of the last complete Google sync that listed this review. */
  seenAt: timestamp('seen_at', { withTimezone: true }),
  /** Google no longer lists the review: its author deleted it. */
  removedAt: timestamp('removed_at', { withTimezone: true }),
  /** A CRM delivery of the Google review with this id (one review, counted once). */
  sameAs: integer('same_as').references((): AnyPgColumn => reviews.id, { onDelete: 'set null' }),
  /** Where a CRM says the review was written (Google, Facebook, ...). */
  platform: text('platform'),
});

export const kioskLinks = pgTable('kiosk_links', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  label: text('label').notNull(),
  /** Null: the workspace's own wallboard. */
  wallboardId: integer('wallboard_id').references(() => wallboards.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** PostgreSQL bytea as a Uint8Array: PGlite gives a Uint8Array, postgres.js a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/** One logo per workspace (wallboard_id null) and one per named wallboard (Agency branding). */
export const logos = pgTable('logos', {
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  wallboardId: integer('wallboard_id').references(() => wallboards.id, { onDelete: 'cascade' }),
  contentType: text('content_type', { enum: ['image/png', 'image/jpeg', 'image/svg+xml'] }).notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  requestId: integer('request_id').references(() => reviewRequests.id, { onDelete: 'cascade' }),
  toAddress: text('to_address').notNull(),
  fromName: text('from_name').notNull(),
  replyTo: text('reply_to'),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  status: text('status', { enum: OUTBOX_STATUSES }).notNull(),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** The one-click unsubscribe address (List-Unsubscribe), for review-request emails. */
  unsubscribeUrl: text('unsubscribe_url'),
  /** Raised by each resend: the round names the message's queue job (src/domain/email/outbox.ts). */
  sendRound: integer('send_round').notNull().default(0),
});

export const unsubscribes = pgTable(
  'unsubscribes',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.email] })],
);

export const privateFeedback = pgTable('private_feedback', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  requestId: integer('request_id').references(() => reviewRequests.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const crmWebhooks = pgTable('crm_webhooks', {
  workspaceId: integer('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** The token encrypted with a key from APP_SECRET, so the admin can see the URL again. */
  tokenSealed: text('token_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const crmDeliveries = pgTable('crm_deliveries', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  deliveryKey: text('delivery_key').notNull(),
  status: text('status', { enum: CRM_DELIVERY_STATUSES }).notNull(),
  reason: text('reason'),
  reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'set null' }),
  contentType: text('content_type'),
  signature: text('signature'),
  body: text('body').notNull(),
  bodyComplete: boolean('body_complete').notNull(),
  /** Which webhook the delivery reached: reviews, or review requests from HighLevel contacts. */
  kind: text('kind', { enum: CRM_DELIVERY_KINDS }).notNull().default('review'),
  requestId: integer('request_id').references(() => reviewRequests.id, { onDelete: 'set null' }),
});

/** A HighLevel user's requests go to this team. */
export interface CrmUserTeam {
  email: string;
  teamId: number;
}

export const crmRequestSettings = pgTable('crm_request_settings', {
  workspaceId: integer('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  defaultTeamId: integer('default_team_id').references(() => teams.id, { onDelete: 'set null' }),
  templateId: integer('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
  defaultStaffFirstName: text('default_staff_first_name').notNull().default(''),
  defaultStaffEmail: text('default_staff_email').notNull().default(''),
  userTeams: jsonb('user_teams').$type<CrmUserTeam[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const crmRequestIntake = pgTable(
  'crm_request_intake',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    state: text('state', { enum: ['pending', 'done'] }).notNull(),
    requestId: integer('request_id').references(() => reviewRequests.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique().on(table.workspaceId, table.dedupeKey)],
);

export const deletedReviews = pgTable(
  'deleted_reviews',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.source, t.externalId] })],
);

export const googleConnections = pgTable('google_connections', {
  workspaceId: integer('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  brokenAt: timestamp('broken_at', { withTimezone: true }),
  brokenReason: text('broken_reason'),
  /** The location id that locationTitle and mapsUri describe. */
  locationId: text('location_id'),
  locationTitle: text('location_title'),
  mapsUri: text('maps_uri'),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  lastSyncOutcome: text('last_sync_outcome', { enum: ['success', 'failed'] }),
  lastSyncError: text('last_sync_error'),
  lastSyncAdded: integer('last_sync_added').notNull().default(0),
  lastSyncUpdated: integer('last_sync_updated').notNull().default(0),
  lastSyncRemoved: integer('last_sync_removed').notNull().default(0),
  /** When Google last pushed a notification for this workspace's location (migrations/0027). */
  lastPushAt: timestamp('last_push_at', { withTimezone: true }),
  /** The notification setting last registered with Google, or tried (migrations/0028). */
  pushTopic: text('push_topic'),
  pushAccountId: text('push_account_id'),
  pushRegisteredAt: timestamp('push_registered_at', { withTimezone: true }),
  pushAttemptedAt: timestamp('push_attempted_at', { withTimezone: true }),
  pushError: text('push_error'),
});

/** A workspace's reply templates, at most five (migrations/0029). */
export const replyTemplates = pgTable('reply_templates', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A Pub/Sub message handled once (migrations/0027): its redelivery is answered and does nothing. */
export const googlePushMessages = pgTable('google_push_messages', {
  messageId: text('message_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  workspaceIds: integer('workspace_ids').array().notNull().default([]),
});

export const oauthStates = pgTable('oauth_states', {
  nonce: text('nonce').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Stripe events already applied (migrations/0013_billing.sql): a replay changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  workspaceId: integer('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Keys of the public API (migrations/0017, docs/decisions/039): only their SHA-256 is kept. */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  scope: text('scope', { enum: API_KEY_SCOPES }).notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  rateWindowStart: timestamp('rate_window_start', { withTimezone: true }),
  rateCount: integer('rate_count').notNull().default(0),
});

/** Idempotency-Key of the public API's creates: the claim, then the stored answer. */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.idempotencyKey] })],
);

export const milestonesReached = pgTable(
  'milestones_reached',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);

export const alertSettings = pgTable('alert_settings', {
  workspaceId: integer('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  slackUrlSealed: text('slack_url_sealed'),
  teamsUrlSealed: text('teams_url_sealed'),
  events: text('events').array().notNull(),
  slackError: text('slack_error'),
  teamsError: text('teams_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Slack and Teams posts (migrations/0023): each kept until made, so a restore loses none. */
export const alertPosts = pgTable('alert_posts', {
  /** Derived from the event id and the channel; also the post's job id. */
  id: uuid('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  channel: text('channel', { enum: ALERT_CHANNELS }).notNull(),
  text: text('text').notNull(),
  /** Where the alert's button leads: a low-rated Google review's reply box (migrations/0029); null: no button. */
  link: text('link'),
  status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Outbound webhook endpoints (migrations/0020, decision 043): the signing secret is sealed. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export const webhookDeliveries = pgTable('webhook_deliveries', {
  /** Derived from the event id and the endpoint; the webhook-id header of every attempt. */
  id: uuid('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  endpointId: integer('endpoint_id')
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  eventId: uuid('event_id'),
  eventType: text('event_type').notNull(),
  /** The JSON body, as sent on every attempt and resend. */
  payload: text('payload').notNull(),
  status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
  resends: integer('resends').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookAttempts = pgTable('webhook_attempts', {
  id: serial('id').primaryKey(),
  deliveryId: uuid('delivery_id')
    .notNull()
    .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  jobId: text('job_id'),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  httpStatus: integer('http_status'),
  error: text('error'),
  durationMs: integer('duration_ms').notNull(),
});

/** A workspace's Twilio account (migrations/0024): the secrets sealed, never shown again. */
export const smsAccounts = pgTable('sms_accounts', {
  workspaceId: integer('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  accountSid: text('account_sid').notNull(),
  /** The auth token: Basic auth and signatures; with an API key, signatures only. */
  authTokenSealed: text('auth_token_sealed'),
  apiKeySid: text('api_key_sid'),
  apiKeySecretSealed: text('api_key_secret_sealed'),
  messagingServiceSid: text('messaging_service_sid'),
  fromNumber: text('from_number'),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Text messages, as emailOutbox holds emails. */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  requestId: integer('request_id').references(() => reviewRequests.id, { onDelete: 'cascade' }),
  toPhone: text('to_phone').notNull(),
  body: text('body').notNull(),
  status: text('status', { enum: SMS_STATUSES }).notNull(),
  twilioSid: text('twilio_sid').unique(),
  errorCode: integer('error_code'),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  /** Not sent before this (the end of quiet hours); null: at once. */
  sendAfter: timestamp('send_after', { withTimezone: true }),
  sendRound: integer('send_round').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Numbers that replied STOP (or Twilio's 21610): not texted by the workspace until they reply START. */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** E.164. */
    phone: text('phone').notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.phone] })],
);

/** A person's desk card: the walk-in link /q/{token}; one live card per person. */
export const deskCards = pgTable('desk_cards', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** A scan of a desk card that reached the page in a browser, and the request it became, if any. */
export const deskCardScans = pgTable('desk_card_scans', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  deskCardId: integer('desk_card_id')
    .notNull()
    .references(() => deskCards.id, { onDelete: 'cascade' }),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  requestId: integer('request_id').references(() => reviewRequests.id, { onDelete: 'set null' }),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the visitor sent private feedback without giving a name (once per scan). */
  feedbackAt: timestamp('feedback_at', { withTimezone: true }),
  /** Whether the card credited its person when scanned (migrations/0026): only then an open in their funnel. */
  credits: boolean('credits').notNull().default(true),
});

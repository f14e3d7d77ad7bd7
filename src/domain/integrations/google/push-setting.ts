import type { Db } from '#platform/db/database.ts';
import { googleConnections } from '#platform/db/schema.ts';
import { logError } from '#platform/log/log.ts';
import { QUOTA_STILL_BLOCKED } from '#shared/google-messages.ts';
import type { GbpApi } from './api.ts';
import { GoogleError } from './errors.ts';

// Each connected account's Business Profile notification setting (issue 30; INTEGRATIONS.md
// "Real-time"): the product asks Google to publish the account's new and changed reviews to the
// operator's Pub/Sub topic. It registers when the workspace connects and, until Google confirms, at
// each sync (a refusal is tried again after an hour: the operator fixes the topic meanwhile). A
// setting for another topic or account than today's is registered again.

/** Google's publisher, which needs the Pub/Sub Publisher role on the topic (Google's set-up guide). */
export const GOOGLE_PUBLISHER = 'mybusiness-api-pubsub@system.gserviceaccount.com';

/** A refused registration is tried again after this long. */
export const RETRY_REFUSED_AFTER_MS = 60 * 60 * 1000;

/** Push counts as healthy for a day after its last notification (or while its registration stands). */
export const PUSH_HEALTHY_FOR_MS = 24 * 60 * 60 * 1000;

/** The registration columns of google_connections, as read with the connection. */
export interface PushRegistration {
  topic: string | null;
  accountId: string | null;
  registeredAt: Date | null;
  attemptedAt: Date | null;
  error: string | null;
  lastPushAt: Date | null;
}

/** What the Google card shows of push: `GET /api/gmb/status`'s `push`. */
export interface PushStatus {
  registered: boolean;
  lastNotificationAt: string | null;
  error: string | null;
}

export const NO_REGISTRATION: PushRegistration = { topic: null, accountId: null, registeredAt: null, attemptedAt: null, error: null, lastPushAt: null };

/** Registered with Google for today's topic and account. */
export function isRegistered(registration: PushRegistration, topic: string | undefined, accountId: string | null): boolean {
  return Boolean(topic && accountId && registration.registeredAt && registration.topic === topic && registration.accountId === accountId);
}

export function pushStatus(registration: PushRegistration, topic: string | undefined, accountId: string | null): PushStatus {
  const registered = isRegistered(registration, topic, accountId);
  // A refusal for another topic or account says nothing about today's.
  const current = registration.topic === topic && registration.accountId === accountId;
  return {
    registered,
    lastNotificationAt: registration.lastPushAt?.toISOString() ?? null,
    error: !registered && current ? registration.error : null,
  };
}

/** Whether Google's notifications can be relied on, so the scheduled sync may run hourly (issue 30). */
export function pushHealthy(registration: PushRegistration, topic: string | undefined, accountId: string | null, now: Date): boolean {
  if (isRegistered(registration, topic, accountId)) return true;
  return registration.lastPushAt !== null && now.getTime() - registration.lastPushAt.getTime() < PUSH_HEALTHY_FOR_MS;
}

/**
 * Registers the account's notification setting unless it stands for today's topic and account, or
 * Google refused it within the hour (`force`: a new consent, which may be another account, tries at
 * once). Never throws: a refusal is recorded in plain words for the card, and reviews still sync.
 */
export async function ensurePushRegistered(
  db: Db,
  api: GbpApi,
  workspaceId: number,
  accountId: string,
  topic: string | undefined,
  registration: PushRegistration,
  options: { force?: boolean; now?: Date } = {},
): Promise<void> {
  if (!topic || isRegistered(registration, topic, accountId)) return;
  const now = options.now ?? new Date();
  const sameAsLastTry = registration.topic === topic && registration.accountId === accountId;
  const triedLately = registration.attemptedAt !== null && now.getTime() - registration.attemptedAt.getTime() < RETRY_REFUSED_AFTER_MS;
  if (!options.force && sameAsLastTry && triedLately) return;
  const attempt = { pushTopic: topic, pushAccountId: accountId, pushAttemptedAt: now };
  try {
    await api.registerNotifications(accountId, topic);
    await record(db, workspaceId, { ...attempt, pushRegisteredAt: now, pushError: null });
  } catch (error) {
    if (!(error instanceof GoogleError)) logError(`Registering Google notifications for workspace ${workspaceId} failed`, error);
    const problem = error instanceof GoogleError ? registrationProblem(error, topic) : 'The notification setting could not be registered (an internal error)';
    await record(db, workspaceId, { ...attempt, pushRegisteredAt: null, pushError: problem });
  }
}

async function record(db: Db, workspaceId: number, values: Partial<typeof googleConnections.$inferInsert>): Promise<void> {
  await db
    .insert(googleConnections)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: googleConnections.workspaceId, set: values });
}

/** Google's refusal of a notification setting, in words an admin can pass to whoever runs the server. */
export function registrationProblem(error: GoogleError, topic: string): string {
  const said = `${error.detail} ${error.message}`;
  if (/PUBLISH_PERMISSIONS_MISSING_FOR_PUBSUB_TOPIC/.test(said)) {
    return `Google may not publish to the topic ${topic}. In Google Cloud, give ${GOOGLE_PUBLISHER} the Pub/Sub Publisher role on it; the product tries again within the hour.`;
  }
  if (/INVALID_PUBSUB_TOPIC/.test(said)) {
    return `Google does not accept ${topic} as a Pub/Sub topic. Check that the topic exists and is written projects/{project}/topics/{topic}.`;
  }
  if (/SHARES_PUBSUB_TOPIC_MESSAGE_ACROSS_VERSIONS/.test(said)) {
    return `The topic ${topic} is already used by Google's older notifications. Create a new topic for this product and set it in GOOGLE_PUBSUB_TOPIC.`;
  }
  if (error.failure === 'quota_blocked') return QUOTA_STILL_BLOCKED;
  return error.message;
}

/** The registration columns of a google_connections row. */
export function registrationOf(row: typeof googleConnections.$inferSelect): PushRegistration {
  return {
    topic: row.pushTopic,
    accountId: row.pushAccountId,
    registeredAt: row.pushRegisteredAt,
    attemptedAt: row.pushAttemptedAt,
    error: row.pushError,
    lastPushAt: row.lastPushAt,
  };
}

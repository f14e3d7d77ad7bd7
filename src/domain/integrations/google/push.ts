import { and, eq, inArray, lt } from 'drizzle-orm';
import { parseJsonText } from '#contracts/json-input.ts';
import type { Database, Db } from '#platform/db/database.ts';
import { googleConnections, googlePushMessages, settings } from '#platform/db/schema.ts';
import type { JobQueue } from '#platform/jobs/queue.ts';
import { resourceId } from './api.ts';
import { ACCOUNT_ID_KEY, LOCATION_ID_KEY } from './connection.ts';
import { googleSigningKeys, readPush, verifyPushToken, type PushNotification } from './pubsub.ts';
import { connectedWorkspaceIds } from './sync.ts';

// A push from Google (issue 30): checked as Google signs it, kept once by its message id, and turned
// into a sync of each workspace connected to the location it names, queued in the same transaction
// that keeps the message. So a 2xx means the look is durably queued, and Pub/Sub's redelivery of the
// same message does nothing. A notification that names no location a workspace is connected to is
// answered 2xx too (nothing here to look at); one that names nothing readable looks everywhere.

export interface PushSettings {
  pushAccount: string | undefined;
  audience: string;
  certsUrl: string;
}

export interface PushOutcome {
  status: number;
  message: string;
}

export const PUSH_NOT_SET_UP = 'Google push is not set up on this server (GOOGLE_PUBSUB_PUSH_ACCOUNT)';

/** Pub/Sub keeps a message for 31 days at most: an id older than that cannot be delivered again. */
const KEEP_MESSAGE_IDS_MS = 31 * 24 * 60 * 60 * 1000;

export async function receiveGooglePush(
  ctx: { database: Database; jobs: JobQueue; pubsub: PushSettings },
  authorization: string | null,
  body: string,
): Promise<PushOutcome> {
  const { pushAccount, audience, certsUrl } = ctx.pubsub;
  if (!pushAccount) return { status: 404, message: PUSH_NOT_SET_UP };
  const auth = await verifyPushToken(authorization, { audience, account: pushAccount, keys: googleSigningKeys(certsUrl) });
  if (!auth.ok) return { status: auth.status, message: auth.message };
  const parsed = parseJsonText(body);
  if (!parsed.ok) return { status: 400, message: parsed.message };
  const read = readPush(parsed.value);
  if (!read.ok) return { status: 400, message: read.message };

  const { db } = ctx.database;
  const workspaceIds = await workspacesNamed(db, read.notification);
  const kept = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(googlePushMessages)
      .values({ messageId: read.notification.messageId, workspaceIds })
      .onConflictDoNothing()
      .returning({ messageId: googlePushMessages.messageId });
    if (!row) return false;
    // Ids no redelivery can name any more go as new ones come (an index range, empty most times).
    await tx.delete(googlePushMessages).where(lt(googlePushMessages.receivedAt, new Date(Date.now() - KEEP_MESSAGE_IDS_MS)));
    if (workspaceIds.length) {
      await tx.update(googleConnections).set({ lastPushAt: new Date() }).where(inArray(googleConnections.workspaceId, workspaceIds));
      const reviewId = read.notification.reviewName ? resourceId(read.notification.reviewName) : undefined;
      for (const workspaceId of workspaceIds) await ctx.jobs.send('google-push', { workspaceId, reviewId }, { tx });
    }
    return true;
  });
  if (!kept) return { status: 200, message: 'Already received' };
  return { status: 202, message: workspaceIds.length ? 'Queued a look at the reviews' : 'No workspace is connected to that location' };
}

/** The connected workspaces the notification's location (or account) names; every connected one when it names neither. */
async function workspacesNamed(db: Db, notification: PushNotification): Promise<number[]> {
  const connected = new Set(await connectedWorkspaceIds(db));
  const [key, value] = notification.locationId ? [LOCATION_ID_KEY, notification.locationId] : [ACCOUNT_ID_KEY, notification.accountId];
  if (value === null) return [...connected];
  const rows = await db
    .select({ workspaceId: settings.workspaceId })
    .from(settings)
    .where(and(eq(settings.key, key), eq(settings.value, value)));
  return rows.map((row) => row.workspaceId).filter((id) => connected.has(id));
}

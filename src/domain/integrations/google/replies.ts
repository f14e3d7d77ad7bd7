import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Refusal } from '#contracts/refusal.ts';
import type { Db } from '#platform/db/database.ts';
import { reviews } from '#platform/db/schema.ts';
import { announceDataChange } from '#platform/live/publish.ts';
import { logError } from '#platform/log/log.ts';
import { LOW_RATING_MAX } from '#shared/replies.ts';
import { STAFF_CAN_REPLY_KEY } from '#shared/settings-rules.ts';
import { LIVE_REVIEW } from '#domain/reviews/store.ts';
import { readSettings } from '#domain/workspace/settings.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { GbpApi, QUICK_RETRY } from './api.ts';
import { createOAuthClient, type GoogleRuntime } from './client.ts';
import { markBroken, readConnection } from './connection.ts';
import { GoogleError } from './errors.ts';
import { selectGmbReviews, toGmbReview, type ReplyableReview } from './gmb-reviews.ts';

// The owner's reply to a Google review, written from the product (issue 30): posted to Google first,
// and kept here only as Google answers it, so nothing is marked replied that Google refused. The
// sync keeps it in step afterwards (a reply written on Google comes in with the next sync or push).

export interface StoredReply {
  comment: string;
  updateTime: string;
}

export type ReplyProblem = 'not_allowed' | 'review_not_found' | 'not_from_google' | 'not_connected' | 'reconnect' | 'gone' | 'refused' | 'unavailable';

export type ReplyResult<T> = { ok: true; value: T } | { ok: false; problem: ReplyProblem; detail?: string };

const MESSAGES: Record<ReplyProblem, string> = {
  not_allowed: 'Only the admin answers reviews here; the admin can let staff answer too (the staff_can_reply setting)',
  review_not_found: 'Review not found',
  not_from_google: 'Only a review brought in from Google can be answered here',
  not_connected: 'Connect Google Business Profile first: replies are posted to Google',
  reconnect: 'Google no longer accepts this connection (the access was revoked or expired). Reconnect the Google account in the admin panel, then reply again.',
  gone: 'This review is no longer on Google (it was deleted), so it cannot be answered',
  refused: 'Google refused the reply',
  unavailable: 'Google could not be reached, so nothing was replied. Try again in a minute.',
};

const STATUSES: Record<ReplyProblem, Refusal['status']> = {
  not_allowed: 403,
  review_not_found: 404,
  not_from_google: 409,
  not_connected: 409,
  reconnect: 409,
  gone: 409,
  refused: 502,
  unavailable: 502,
};

export function replyRefusal(problem: ReplyProblem, detail?: string): Refusal {
  return { status: STATUSES[problem], message: detail ? `${MESSAGES[problem]}: ${detail}` : MESSAGES[problem] };
}

/** The admin always; staff when the admin allowed it. */
export async function mayReply(db: Db, workspaceId: number, isAdmin: boolean): Promise<boolean> {
  if (isAdmin) return true;
  return (await readSettings(db, workspaceId, [STAFF_CAN_REPLY_KEY])).get(STAFF_CAN_REPLY_KEY) === 'true';
}

/** Writes or replaces the reply on Google, then keeps Google's answer and tells every screen. */
export function replyToReview(
  runtime: GoogleRuntime,
  workspace: Workspace,
  caller: { admin: boolean },
  reviewId: number,
  comment: string,
): Promise<ReplyResult<StoredReply>> {
  return onGoogle(runtime, workspace, caller, reviewId, async (api, name) => {
    const answer = await api.putReply(name, comment);
    const reply = { comment: answer.comment ?? comment, updateTime: answer.updateTime ? new Date(answer.updateTime) : new Date() };
    if (Number.isNaN(reply.updateTime.getTime())) reply.updateTime = new Date();
    await runtime.database.db
      .update(reviews)
      .set({ ownerReply: reply.comment, ownerReplyTime: reply.updateTime })
      .where(and(eq(reviews.id, reviewId), eq(reviews.workspaceId, workspace.id)));
    return { comment: reply.comment, updateTime: reply.updateTime.toISOString() };
  });
}

/** Deletes the reply on Google, then here. */
export function deleteReply(runtime: GoogleRuntime, workspace: Workspace, caller: { admin: boolean }, reviewId: number): Promise<ReplyResult<null>> {
  return onGoogle(runtime, workspace, caller, reviewId, async (api, name) => {
    await api.deleteReply(name);
    await runtime.database.db
      .update(reviews)
      .set({ ownerReply: null, ownerReplyTime: null })
      .where(and(eq(reviews.id, reviewId), eq(reviews.workspaceId, workspace.id)));
    return null;
  });
}

/** The review's resource name on Google and an authorised client, the call, then a live notice; Google's refusals as problems. */
async function onGoogle<T>(
  runtime: GoogleRuntime,
  workspace: Workspace,
  caller: { admin: boolean },
  reviewId: number,
  call: (api: GbpApi, reviewName: string) => Promise<T>,
): Promise<ReplyResult<T>> {
  const { database, config, secretKey } = runtime;
  const db = database.db;
  if (!(await mayReply(db, workspace.id, caller.admin))) return { ok: false, problem: 'not_allowed' };
  const [review] = await db
    .select({ source: reviews.source, externalId: reviews.externalId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.workspaceId, workspace.id), LIVE_REVIEW));
  if (!review) return { ok: false, problem: 'review_not_found' };
  if (review.source !== 'google' || !review.externalId) return { ok: false, problem: 'not_from_google' };
  const connection = await readConnection(db, workspace.id, secretKey);
  if (connection.broken || (connection.tokenStored && !connection.refreshToken)) return { ok: false, problem: 'reconnect' };
  if (!connection.refreshToken || !connection.accountId || !connection.locationId) return { ok: false, problem: 'not_connected' };
  const api = new GbpApi(createOAuthClient(config, connection.refreshToken), config, QUICK_RETRY);
  const name = `accounts/${connection.accountId}/locations/${connection.locationId}/reviews/${review.externalId}`;
  try {
    const value = await call(api, name);
    await announceDataChange(database, workspace.id);
    return { ok: true, value };
  } catch (thrown) {
    if (!(thrown instanceof GoogleError)) {
      logError(`A reply to review ${reviewId} of workspace ${workspace.id} failed`, thrown);
      return { ok: false, problem: 'unavailable' };
    }
    if (thrown.failure === 'invalid_grant') {
      await markBroken(db, workspace.id, thrown.message);
      return { ok: false, problem: 'reconnect' };
    }
    // Google no longer has it: the next sync marks it removed; the person reads why it was not answered first.
    if (thrown.failure === 'not_found') return { ok: false, problem: 'gone' };
    if (thrown.retryable) return { ok: false, problem: 'unavailable' };
    return { ok: false, problem: 'refused', detail: thrown.message };
  }
}

/** The most "Needs a reply" lists at once; the rest follow as these are answered. */
export const NEEDS_REPLY_LIMIT = 100;

/**
 * GET /api/google-reviews?needsReply=true: the Google reviews without an owner's reply, those of
 * three stars or fewer first, each group longest waiting first.
 */
export async function listNeedingReply(db: Db, workspaceId: number): Promise<ReplyableReview[]> {
  const rows = await selectGmbReviews(db)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.source, 'google'), LIVE_REVIEW, or(isNull(reviews.ownerReply), eq(reviews.ownerReply, ''))))
    .orderBy(desc(sql`${reviews.rating} <= ${LOW_RATING_MAX}`), asc(reviews.createTime), asc(reviews.id))
    .limit(NEEDS_REPLY_LIMIT);
  return rows.map(toGmbReview);
}

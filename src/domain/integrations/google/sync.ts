import type { Db } from '#platform/db/database.ts';
import { and, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { reviews, settings } from '#platform/db/schema.ts';
import { planAllowsGoogle } from '#shared/plans.ts';
import { announcedName, announceReviews, ingestReview, wallboardsCounting } from '#domain/reviews/ingest.ts';
import type { IncomingReview } from '#domain/reviews/store.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { GbpApi, QUICK_RETRY } from './api.ts';
import { createOAuthClient, googleConfigured, type GoogleRuntime } from './client.ts';
import { markBroken, readConnection, recordSync, REFRESH_TOKEN_KEY, saveLocationDetails, storeRefreshToken } from './connection.ts';
import { GoogleError } from './errors.ts';
import { toIncomingReview } from './review-format.ts';
import { ensurePushRegistered } from './push-setting.ts';
import { log, logError } from '#platform/log/log.ts';

export type SyncSkip = 'not_configured' | 'plan' | 'not_connected' | 'broken' | 'incomplete';

export type SyncOutcome =
  | { status: 'done'; added: number; updated: number; removed: number }
  | { status: 'failed'; error: string; broken: boolean }
  | { status: 'skipped'; reason: SyncSkip };

export const INTERNAL_ERROR = 'The sync stopped on an internal error';
const UNREADABLE_TOKEN = 'This server can no longer read the saved Google connection (its secret key was changed). Reconnect the Google account.';

/**
 * Brings a workspace's Google reviews in step: every page, each review upserted on its reviewId and
 * update time, new ones matched, then one dashboard event. A complete pass marks the reviews Google
 * no longer lists as removed. Runs as a job of the google-sync queue (sync-jobs.ts), which lets one
 * sync per workspace run at a time across instances.
 */
export async function syncWorkspace(runtime: GoogleRuntime, workspace: Workspace): Promise<SyncOutcome> {
  if (!googleConfigured(runtime.config)) return { status: 'skipped', reason: 'not_configured' };
  if (!planAllowsGoogle(workspace.plan)) return { status: 'skipped', reason: 'plan' };
  const { database, config, secretKey } = runtime;
  const db = database.db;
  const connection = await readConnection(db, workspace.id, secretKey);
  if (connection.broken) return { status: 'skipped', reason: 'broken' };
  if (connection.tokenStored && !connection.refreshToken) {
    await markBroken(db, workspace.id, UNREADABLE_TOKEN);
    return { status: 'failed', error: UNREADABLE_TOKEN, broken: true };
  }
  if (!connection.refreshToken) return { status: 'skipped', reason: 'not_connected' };
  if (!connection.accountId || !connection.locationId) return { status: 'skipped', reason: 'incomplete' };
  const startedAt = new Date();

  const client = createOAuthClient(config, connection.refreshToken);
  // Google may rotate the refresh token on a refresh: keep the new one.
  client.on('tokens', (tokens) => {
    if (tokens.refresh_token && tokens.refresh_token !== connection.refreshToken) {
      storeRefreshToken(db, workspace.id, tokens.refresh_token, secretKey).catch((error) =>
        logError(`Could not store the new Google refresh token of workspace ${workspace.id}`, error),
      );
    }
  });
  const api = new GbpApi(client, config);
  const counts = { added: 0, updated: 0, removed: 0 };
  const counted: number[] = [];
  let firstAdded: { id: number; reviewerName: string | null; rating: number } | undefined;
  // Until Google confirms the notification setting, each sync asks again (a refusal, hourly).
  await ensurePushRegistered(db, api, workspace.id, connection.accountId, config.google.pubsub.topic, connection.push);
  try {
    const reviewUrl = connection.mapsUri ?? (await lookUpMapsUri(api, workspace.id, connection.accountId, connection.locationId, db));
    for await (const page of api.reviewPages(connection.accountId, connection.locationId)) {
      const incoming = page.reviews.map((raw) => toIncomingReview(raw, reviewUrl)).filter((r) => r !== null);
      const skipped = page.reviews.length - incoming.length;
      if (skipped > 0)
        log.warn(
          { workspaceId: workspace.id, skipped, entries: page.reviews.length },
          'Google sync skipped entries of a page that are no usable review (null, or no id, star rating or creation time)',
        );
      const seen = incoming.map((r) => r.externalId);
      const stored = await storedVersions(db, workspace.id, seen);
      for (const review of incoming) {
        // Most of a location's reviews are unchanged since the last sync: one query per page for them.
        if (isUnchanged(stored.get(review.externalId), review)) continue;
        const ingested = await ingestReview(runtime, workspace, review, { announce: false });
        if (!ingested) continue;
        if (ingested.created) {
          counts.added += 1;
          firstAdded ??= { id: ingested.id, reviewerName: announcedName(ingested, review), rating: review.rating };
        } else if (ingested.changed) counts.updated += 1;
        if (ingested.counted) counted.push(ingested.id);
      }
      if (seen.length) {
        await db
          .update(reviews)
          .set({ seenAt: startedAt, removedAt: null })
          .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.source, 'google'), inArray(reviews.externalId, seen)));
      }
    }
    const removed = await db
      .update(reviews)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(reviews.workspaceId, workspace.id),
          eq(reviews.source, 'google'),
          isNull(reviews.removedAt),
          or(isNull(reviews.seenAt), lt(reviews.seenAt, startedAt)),
        ),
      )
      .returning({ id: reviews.id });
    counts.removed = removed.length;
    await recordSync(db, workspace.id, { at: startedAt, outcome: 'success', error: null, ...counts });
    return { status: 'done', ...counts };
  } catch (thrown) {
    if (!(thrown instanceof GoogleError)) {
      // Not Google's answer (our own database, a bug): record it plainly and let the caller see it.
      await recordSync(db, workspace.id, { at: startedAt, outcome: 'failed', error: INTERNAL_ERROR, ...counts });
      throw thrown;
    }
    const error = thrown;
    const broken = error.failure === 'invalid_grant';
    if (broken) await markBroken(db, workspace.id, error.message);
    await recordSync(db, workspace.id, { at: startedAt, outcome: 'failed', error: error.message, ...counts });
    return { status: 'failed', error: error.message, broken };
  } finally {
    const [firstBoard = null] = firstAdded ? await wallboardsCounting(db, workspace.id, [firstAdded.id]) : [];
    await announceReviews(database, workspace.id, {
      celebrate: counted.length > 0,
      changed: counts.added + counts.updated + counts.removed > 0,
      wallboards: await wallboardsCounting(db, workspace.id, counted),
      review: firstAdded && { reviewerName: firstAdded.reviewerName, rating: firstAdded.rating, wallboardId: firstBoard },
    });
  }
}

export type PushedReviewOutcome = 'stored' | 'sync';

/**
 * A review Google's notification named (issue 30), fetched alone and stored and matched exactly as the
 * sync does, celebrated at once. 'sync' when it cannot be had this way (gone from Google, not
 * readable, a refusal): the caller syncs the location instead. Google unavailable throws, to be retried.
 */
export async function fetchPushedReview(runtime: GoogleRuntime, workspace: Workspace, reviewId: string): Promise<PushedReviewOutcome> {
  if (!googleConfigured(runtime.config) || !planAllowsGoogle(workspace.plan)) return 'sync';
  const { database, config, secretKey } = runtime;
  const db = database.db;
  const connection = await readConnection(db, workspace.id, secretKey);
  if (connection.broken || !connection.refreshToken || !connection.accountId || !connection.locationId) return 'sync';
  // Each of QUICK_RETRY's two tries waits a third of the google-push job's expiry at most (5 s of 15):
  // a job still running after its expiry was on a process that ended.
  const timeoutMs = runtime.jobs.callTimeoutMs('google-push');
  const api = new GbpApi(createOAuthClient(config, connection.refreshToken), config, { ...QUICK_RETRY, timeoutMs });
  let raw: unknown;
  try {
    raw = await api.review(`accounts/${connection.accountId}/locations/${connection.locationId}/reviews/${reviewId}`);
  } catch (thrown) {
    if (!(thrown instanceof GoogleError) || thrown.retryable) throw thrown;
    if (thrown.failure === 'invalid_grant') await markBroken(db, workspace.id, thrown.message);
    return 'sync';
  }
  const review = toIncomingReview(raw, connection.mapsUri);
  if (!review || review.externalId !== reviewId) return 'sync';
  const seenAt = new Date();
  const ingested = await ingestReview(runtime, workspace, review);
  // Seen now: a sync that listed the reviews before this one was written does not take it for removed.
  await db
    .update(reviews)
    .set({ seenAt, removedAt: null })
    .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.source, 'google'), eq(reviews.externalId, reviewId)));
  return ingested ? 'stored' : 'sync';
}

type StoredVersion = { updateTime: Date | null; ownerReply: string | null };

/** The update time and reply of the page's reviews already stored. */
async function storedVersions(db: Db, workspaceId: number, externalIds: string[]): Promise<Map<string, StoredVersion>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .select({ externalId: reviews.externalId, updateTime: reviews.updateTime, ownerReply: reviews.ownerReply })
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.source, 'google'), inArray(reviews.externalId, externalIds)));
  return new Map(rows.map((r) => [r.externalId, r]));
}

/** Stored, with the same update time and owner reply: the upsert would change nothing. */
function isUnchanged(stored: StoredVersion | undefined, review: IncomingReview): boolean {
  return (
    stored !== undefined &&
    stored.updateTime !== null &&
    review.updateTime != null &&
    stored.updateTime.getTime() >= review.updateTime.getTime() &&
    stored.ownerReply === (review.ownerReply ?? null)
  );
}

/** IDs typed by hand come without the location's Maps page, which every review links to: fetch it once. */
async function lookUpMapsUri(api: GbpApi, workspaceId: number, accountId: string, locationId: string, db: Db): Promise<string | null> {
  const location = await api.location(accountId, locationId);
  if (!location) return null;
  await saveLocationDetails(db, workspaceId, { locationId, title: location.title ?? null, mapsUri: location.metadata?.mapsUri ?? null });
  return location.metadata?.mapsUri ?? null;
}

/** The workspaces with a Google connection. */
export async function connectedWorkspaceIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: settings.workspaceId })
    .from(settings)
    .where(and(eq(settings.key, REFRESH_TOKEN_KEY), ne(settings.value, '')))
    .orderBy(settings.workspaceId);
  return rows.map((row) => row.id);
}

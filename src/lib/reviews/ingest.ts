import { and, eq, gte, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { deletedReviews, reviewRequests, reviews } from '../db/schema.ts';
import { publishLiveEvent } from '../live/publish.ts';
import { matchReview, RequestIndex, type MatchResult } from '../matching/matcher.ts';
import { challengeSettings, COUNTED_FOR_TEAM } from '../scoring.ts';
import type { Workspace } from '../workspaces.ts';
import { upsertReview, type IncomingReview } from './store.ts';

/** Requests older than this are not offered to the matcher. */
const OPEN_REQUEST_DAYS = 400;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Ingested {
  id: number;
  created: boolean;
  match: MatchResult | null;
}

/**
 * Every review, whatever its source, comes in here: stored once (a repeated delivery changes
 * nothing), matched when it is new, then announced to the wallboards. A review that already has a
 * match, automatic or by hand, is never re-matched. Null when an admin deleted this review before.
 */
export async function ingestReview(database: Database, workspace: Workspace, review: IncomingReview): Promise<Ingested | null> {
  const db = database.db;
  const [deleted] = await db
    .select({ at: deletedReviews.deletedAt })
    .from(deletedReviews)
    .where(
      and(eq(deletedReviews.workspaceId, workspace.id), eq(deletedReviews.source, review.source), eq(deletedReviews.externalId, review.externalId)),
    );
  if (deleted) return null;
  const stored = await upsertReview(db, workspace.id, review);
  let match: MatchResult | null = null;
  if (stored.created) {
    match = await db.transaction(async (tx) => {
      // One matcher at a time per workspace: a request takes at most one review even when two arrive together.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${workspace.id})`);
      const taken = tx
        .select({ id: reviews.requestId })
        .from(reviews)
        .where(and(eq(reviews.workspaceId, workspace.id), isNotNull(reviews.requestId), inArray(reviews.matchStatus, [...COUNTED_FOR_TEAM])));
      const open = await tx
        .select({
          id: reviewRequests.id,
          firstName: reviewRequests.customerFirstName,
          lastName: reviewRequests.customerLastName,
          email: reviewRequests.customerEmail,
          createdAt: reviewRequests.createdAt,
          clickedAt: reviewRequests.clickedAt,
          teamId: reviewRequests.teamId,
        })
        .from(reviewRequests)
        .where(
          and(
            eq(reviewRequests.workspaceId, workspace.id),
            gte(reviewRequests.createdAt, new Date(review.createTime.getTime() - OPEN_REQUEST_DAYS * DAY_MS)),
            notInArray(reviewRequests.id, taken),
          ),
        );
      const result = matchReview(review, new RequestIndex(open));
      const chosen = result.status === 'unmatched' ? undefined : open.find((r) => r.id === result.requestId);
      await tx
        .update(reviews)
        .set({
          matchStatus: result.status,
          matchConfidence: result.confidence,
          matchEvidence: result.evidence ?? null,
          requestId: chosen?.id ?? null,
          teamId: result.status === 'auto_matched' ? (chosen?.teamId ?? null) : null,
          confirmedAt: result.status === 'auto_matched' ? new Date() : null,
        })
        .where(eq(reviews.id, stored.id));
      return result;
    });
  }

  const { start } = await challengeSettings(db, workspace);
  const counted = review.createTime.getTime() >= start.getTime();
  if (stored.created) {
    await publishLiveEvent(database, {
      workspaceId: workspace.id,
      event: 'reviewAdded',
      celebration: counted,
      review: { reviewerName: review.reviewerName, rating: review.rating },
    });
  } else {
    await publishLiveEvent(database, { workspaceId: workspace.id, event: 'data_update' });
  }
  return { id: stored.id, created: stored.created, match };
}

import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviews } from '#platform/db/schema.ts';

/** DESIGN.md: a Google review (the sync, or a test review from "google") or a review action (CRM). */
export type ReviewKind = 'google' | 'action';

export interface IncomingReview {
  kind: ReviewKind;
  source: 'google' | 'crm' | 'test';
  externalId: string;
  reviewerName: string | null;
  rating: number;
  comment: string | null;
  createTime: Date;
  updateTime?: Date | null;
  reviewUrl?: string | null;
  reviewerPhotoUrl?: string | null;
  ownerReply?: string | null;
  ownerReplyTime?: Date | null;
  /** Where a CRM says the review was written (Google, Facebook, ...). */
  platform?: string | null;
  /** The reviewer's mobile number (E.164) where the delivery carries one: matched on, not stored. */
  phone?: string | null;
}

/**
 * A review that is listed and counted: not removed from Google by its author, and not a CRM copy of
 * a Google review stored under that review (same_as).
 */
export const LIVE_REVIEW = and(isNull(reviews.removedAt), isNull(reviews.sameAs));

export interface StoredReview {
  id: number;
  created: boolean;
  /** An existing review was updated (an edit, or a new owner reply). */
  changed: boolean;
}

/**
 * Stores a review once per workspace, source and external id: a repeated delivery changes nothing,
 * and an edit (a newer update time) or a changed owner reply updates it in place. `columns` (its
 * match) are written with a new row only.
 */
export async function upsertReview(
  db: Db,
  workspaceId: number,
  review: IncomingReview,
  columns: Partial<typeof reviews.$inferInsert> = {},
): Promise<StoredReview> {
  const [row] = await db
    .insert(reviews)
    .values({ workspaceId, ...review, ...columns })
    .onConflictDoUpdate({
      target: [reviews.workspaceId, reviews.source, reviews.externalId],
      set: {
        reviewerName: sql`excluded.reviewer_name`,
        rating: sql`excluded.rating`,
        comment: sql`excluded.comment`,
        updateTime: sql`excluded.update_time`,
        reviewerPhotoUrl: sql`excluded.reviewer_photo_url`,
        ownerReply: sql`excluded.owner_reply`,
        ownerReplyTime: sql`excluded.owner_reply_time`,
        reviewUrl: sql`coalesce(excluded.review_url, ${reviews.reviewUrl})`,
      },
      // A reply changes without a new update time on the review itself.
      setWhere: sql`(excluded.update_time IS NOT NULL AND (${reviews.updateTime} IS NULL OR excluded.update_time > ${reviews.updateTime}))
        OR (excluded.source = 'google' AND excluded.owner_reply IS DISTINCT FROM ${reviews.ownerReply})`,
    })
    .returning({ id: reviews.id, created: sql<boolean>`xmax = 0` });
  if (row) return { ...row, changed: !row.created };
  // Already stored and not newer: nothing changed.
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.source, review.source), eq(reviews.externalId, review.externalId)));
  return { id: existing!.id, created: false, changed: false };
}

/** A review made by an admin to try the product (SPEC.md "Test Review form"). */
export function testReview(input: { reviewerName: string; rating: number; reviewText: string; source: 'ghl' | 'google' }): IncomingReview {
  return {
    kind: input.source === 'google' ? 'google' : 'action',
    source: 'test',
    externalId: `test-${randomUUID()}`,
    reviewerName: input.reviewerName,
    rating: input.rating,
    comment: input.reviewText,
    createTime: new Date(),
  };
}

/**
 * One writer of a workspace's review counts at a time, until the transaction ends: the matcher (a
 * request takes at most one review even when two arrive together; the matching itself is worked out
 * before it is taken, so the lock is held for the write), a review placed by hand, and the milestones
 * check that runs in their transaction (which must see every review counted before it). Taken first in
 * a transaction, before any review's row, so that two of them never wait on each other; taken again
 * in the same transaction, it is already held.
 */
export function lockWorkspaceReviews(tx: Pick<Db, 'execute'>, workspaceId: number): Promise<unknown> {
  return tx.execute(sql`SELECT pg_advisory_xact_lock(${workspaceId})`);
}

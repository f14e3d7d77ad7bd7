import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { reviews } from '../db/schema.ts';

export interface IncomingReview {
  kind: 'google' | 'action';
  source: 'google' | 'crm' | 'test';
  externalId: string;
  reviewerName: string | null;
  rating: number;
  comment: string | null;
  createTime: Date;
  updateTime?: Date | null;
  reviewUrl?: string | null;
}

export interface StoredReview {
  id: number;
  created: boolean;
}

/**
 * Stores a review once per workspace, source and external id: a repeated delivery changes nothing,
 * and an edit (a newer update time) updates the text and rating in place.
 */
export async function upsertReview(db: Db, workspaceId: number, review: IncomingReview): Promise<StoredReview> {
  const [row] = await db
    .insert(reviews)
    .values({ workspaceId, ...review })
    .onConflictDoUpdate({
      target: [reviews.workspaceId, reviews.source, reviews.externalId],
      set: {
        reviewerName: sql`excluded.reviewer_name`,
        rating: sql`excluded.rating`,
        comment: sql`excluded.comment`,
        updateTime: sql`excluded.update_time`,
      },
      setWhere: sql`excluded.update_time IS NOT NULL AND (${reviews.updateTime} IS NULL OR excluded.update_time > ${reviews.updateTime})`,
    })
    .returning({ id: reviews.id, created: sql<boolean>`xmax = 0` });
  if (row) return row;
  // Already stored and not newer: nothing changed.
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.source, review.source), eq(reviews.externalId, review.externalId)));
  return { id: existing!.id, created: false };
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

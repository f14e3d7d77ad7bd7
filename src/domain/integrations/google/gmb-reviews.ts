import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviews } from '#platform/db/schema.ts';
import { LIVE_REVIEW } from '#domain/reviews/store.ts';
import { FIRST_PAGE, type Page } from '#shared/paging.ts';

/** SPEC.md section 3 "GMB review". */
export interface GmbReview {
  id: number;
  reviewerName: string | null;
  reviewerProfilePhotoUrl: string | null;
  rating: number;
  comment: string | null;
  createTime: string;
  ownerReply: string | null;
  ownerReplyTime: string | null;
  reviewUrl: string | null;
}

/** The reviews the Google sync brought (all of them, not only the challenge's), newest first. */
export async function listGmbReviews(db: Db, workspaceId: number, page: Page = FIRST_PAGE): Promise<GmbReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      reviewerName: reviews.reviewerName,
      reviewerProfilePhotoUrl: reviews.reviewerPhotoUrl,
      rating: reviews.rating,
      comment: reviews.comment,
      createTime: reviews.createTime,
      ownerReply: reviews.ownerReply,
      ownerReplyTime: reviews.ownerReplyTime,
      reviewUrl: reviews.reviewUrl,
    })
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.source, 'google'), LIVE_REVIEW))
    .orderBy(desc(reviews.createTime), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ ...r, createTime: r.createTime.toISOString(), ownerReplyTime: r.ownerReplyTime?.toISOString() ?? null }));
}

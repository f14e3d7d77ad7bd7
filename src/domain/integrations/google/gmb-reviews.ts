import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviewRequests, reviews } from '#platform/db/schema.ts';
import { LIVE_REVIEW } from '#domain/reviews/store.ts';
import { FIRST_PAGE, type Page } from '#shared/paging.ts';

/** SPEC.md section 3 "GMB review", as GET /api/gmb/reviews answers it. */
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

/** A GMB review as the reply box needs it (issue 30): with who asked for it, for a template's {staff_first_name}. */
export interface ReplyableReview extends GmbReview {
  /** The first name of the person whose request the review is matched to; null when none. */
  staffFirstName: string | null;
}

const gmbReviewColumns = {
  id: reviews.id,
  reviewerName: reviews.reviewerName,
  reviewerProfilePhotoUrl: reviews.reviewerPhotoUrl,
  rating: reviews.rating,
  comment: reviews.comment,
  createTime: reviews.createTime,
  ownerReply: reviews.ownerReply,
  ownerReplyTime: reviews.ownerReplyTime,
  reviewUrl: reviews.reviewUrl,
  staffFirstName: reviewRequests.staffFirstName,
};

/** Google reviews as GmbReview rows, with the request each is matched to (in its workspace) for its person's first name. */
export function selectGmbReviews(db: Db) {
  return db
    .select(gmbReviewColumns)
    .from(reviews)
    .leftJoin(reviewRequests, and(eq(reviewRequests.id, reviews.requestId), eq(reviewRequests.workspaceId, reviews.workspaceId)));
}

type GmbReviewRow = Omit<ReplyableReview, 'createTime' | 'ownerReplyTime'> & { createTime: Date; ownerReplyTime: Date | null };

export function toGmbReview(row: GmbReviewRow): ReplyableReview {
  return { ...row, createTime: row.createTime.toISOString(), ownerReplyTime: row.ownerReplyTime?.toISOString() ?? null };
}

/** The SPEC's GMB review, without what the reply box adds. */
export function specGmbReview({ staffFirstName: _, ...review }: ReplyableReview): GmbReview {
  return review;
}

/** The reviews the Google sync brought (all of them, not only the challenge's), newest first. */
export async function listGmbReviews(db: Db, workspaceId: number, page: Page = FIRST_PAGE): Promise<ReplyableReview[]> {
  const rows = await selectGmbReviews(db)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.source, 'google'), LIVE_REVIEW))
    .orderBy(desc(reviews.createTime), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toGmbReview);
}

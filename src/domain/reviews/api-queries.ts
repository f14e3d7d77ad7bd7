import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviewRequests, reviews } from '#platform/db/schema.ts';
import type { MatchStatus } from '#shared/statuses.ts';
import type { Page } from '#shared/paging.ts';
import { LIVE_REVIEW } from './store.ts';
import type { z } from 'zod';
import type { reviewRequestSchema, reviewSchema } from '#contracts/api-v1.ts';

// The public API's list shapes (src/contracts/api-v1.ts): mapped, never whole rows, always of one workspace.

export type ApiReviewRequest = z.infer<typeof reviewRequestSchema>;
export type ApiReview = z.infer<typeof reviewSchema>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function listApiReviewRequests(db: Db, workspaceId: number, page: Page): Promise<ApiReviewRequest[]> {
  const rows = await db
    .select()
    .from(reviewRequests)
    .where(eq(reviewRequests.workspaceId, workspaceId))
    .orderBy(desc(reviewRequests.createdAt), desc(reviewRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  return withReviews(db, workspaceId, rows);
}

/** One request of the workspace; null for another workspace's id. */
export async function getApiReviewRequest(db: Db, workspaceId: number, id: number): Promise<ApiReviewRequest | null> {
  const rows = await db
    .select()
    .from(reviewRequests)
    .where(and(eq(reviewRequests.workspaceId, workspaceId), eq(reviewRequests.id, id)));
  return (await withReviews(db, workspaceId, rows))[0] ?? null;
}

async function withReviews(db: Db, workspaceId: number, rows: (typeof reviewRequests.$inferSelect)[]): Promise<ApiReviewRequest[]> {
  const ids = rows.map((r) => r.id);
  const matched = ids.length
    ? await db
        .select({ id: reviews.id, requestId: reviews.requestId })
        .from(reviews)
        .where(and(eq(reviews.workspaceId, workspaceId), inArray(reviews.requestId, ids), LIVE_REVIEW))
    : [];
  const reviewOf = new Map(matched.map((m) => [m.requestId, m.id]));
  return rows.map((r) => ({
    id: r.id,
    teamId: r.teamId,
    staffId: r.staffId,
    staffFirstName: r.staffFirstName,
    staffEmail: r.staffEmail,
    customerFirstName: r.customerFirstName,
    customerLastName: r.customerLastName,
    customerEmail: r.customerEmail,
    interactionDate: r.interactionDate,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
    clickedAt: iso(r.clickedAt),
    reviewId: reviewOf.get(r.id) ?? null,
  }));
}

const reviewOf = (r: typeof reviews.$inferSelect): ApiReview => ({
  id: r.id,
  kind: r.kind,
  source: r.source,
  reviewerName: r.reviewerName,
  rating: r.rating,
  comment: r.comment,
  createTime: r.createTime.toISOString(),
  receivedAt: r.receivedAt.toISOString(),
  platform: r.platform,
  matchStatus: r.matchStatus,
  matchConfidence: r.matchConfidence,
  teamId: r.teamId,
  requestId: r.requestId,
});

/** Listed and counted reviews (not removed by their author, not a CRM copy of a Google review), newest first. */
export async function listApiReviews(db: Db, workspaceId: number, page: Page, matchStatus?: MatchStatus): Promise<ApiReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), LIVE_REVIEW, matchStatus ? eq(reviews.matchStatus, matchStatus) : undefined))
    .orderBy(desc(reviews.createTime), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(reviewOf);
}

/** One review of the workspace; null for another workspace's id. */
export async function getApiReview(db: Db, workspaceId: number, id: number): Promise<ApiReview | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.id, id)));
  return row ? reviewOf(row) : null;
}

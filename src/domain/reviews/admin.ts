import { and, desc, eq, inArray, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { raiseEvent, type Store } from '#domain/events/domain-events.ts';
import type { Database, Db } from '#platform/db/database.ts';
import { announceDataChange, announcedIfDone } from '#platform/live/publish.ts';
import { deletedReviews, reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import type { MatchStatus } from '#shared/statuses.ts';
import { COUNTED_FOR_TEAM } from './scoring.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { LIVE_REVIEW, lockWorkspaceReviews, type ReviewKind } from './store.ts';
import { FIRST_PAGE, type Page } from '#shared/paging.ts';
import { MAX_ROW_ID } from '#shared/rules.ts';
import type { Refusal } from '#contracts/refusal.ts';

// Review administration (SPEC.md section 2 "Google Reviews table" and the Edit and Reassign dialogs,
// section 4 "Review transitions"). Every query is scoped by the caller's workspace; an id of another
// workspace is "not found". What an admin decides here is final: ingestion never re-matches a stored
// review (decision 016), so a later delivery of the same review keeps it.

/** SPEC.md section 3 "Google review (admin)", plus what the admin needs to judge the match. */
export interface AdminReview {
  id: number;
  kind: ReviewKind;
  source: 'google' | 'crm' | 'test';
  /** Where a CRM says the review was written (Google, Facebook, ...). */
  platform: string | null;
  reviewerName: string | null;
  rating: number;
  comment: string | null;
  /** ISO 8601, UTC. */
  createTime: string;
  matchStatus: MatchStatus;
  /** Integer percent; null when a person decided (manual, or unmatched by hand). */
  matchConfidence: number | null;
  reviewUrl: string | null;
  /** The request the review is matched to (or, for needs_review, the suggested one). */
  requestId: number | null;
  /** That request's customer. */
  customerName: string | null;
  teamId: number | null;
  teamName: string | null;
  teamColor: string | null;
  /** The matcher's stored evidence (src/domain/reviews/matching/matcher.ts MatchEvidence), or null. */
  evidence: unknown;
}

export type AdminReviewProblem = 'review_not_found' | 'request_not_found' | 'request_taken' | 'request_without_team';

export type AdminReviewResult = { ok: true; review: AdminReview } | { ok: false; problem: AdminReviewProblem };

const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID;

const COUNTED = [...COUNTED_FOR_TEAM];

function selectAdminReviews(db: Db, workspaceId: number, where: SQL | undefined, page: Page) {
  return db
    .select({
      id: reviews.id,
      kind: reviews.kind,
      source: reviews.source,
      platform: reviews.platform,
      reviewerName: reviews.reviewerName,
      rating: reviews.rating,
      comment: reviews.comment,
      createTime: reviews.createTime,
      matchStatus: reviews.matchStatus,
      matchConfidence: reviews.matchConfidence,
      reviewUrl: reviews.reviewUrl,
      requestId: reviewRequests.id,
      customerFirstName: reviewRequests.customerFirstName,
      customerLastName: reviewRequests.customerLastName,
      teamId: teams.id,
      teamName: teams.name,
      teamColor: teams.color,
      evidence: reviews.matchEvidence,
    })
    .from(reviews)
    .leftJoin(reviewRequests, and(eq(reviewRequests.id, reviews.requestId), eq(reviewRequests.workspaceId, reviews.workspaceId)))
    .leftJoin(teams, and(eq(teams.id, reviews.teamId), eq(teams.workspaceId, reviews.workspaceId)))
    .where(where ? and(eq(reviews.workspaceId, workspaceId), where) : eq(reviews.workspaceId, workspaceId))
    .orderBy(desc(reviews.createTime), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

type Row = Awaited<ReturnType<typeof selectAdminReviews>>[number];

function toAdminReview(row: Row): AdminReview {
  const customerName = row.requestId === null ? null : `${row.customerFirstName ?? ''} ${row.customerLastName ?? ''}`.trim() || null;
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    platform: row.platform,
    reviewerName: row.reviewerName,
    rating: row.rating,
    comment: row.comment,
    createTime: row.createTime.toISOString(),
    matchStatus: row.matchStatus,
    matchConfidence: row.matchConfidence,
    reviewUrl: row.reviewUrl,
    requestId: row.requestId,
    customerName,
    teamId: row.teamId,
    teamName: row.teamName,
    teamColor: row.teamColor,
    evidence: row.evidence ?? null,
  };
}

/** Every review of the workspace, both kinds, newest first. */
export async function listAdminReviews(db: Db, workspace: Pick<Workspace, 'id'>, page: Page = FIRST_PAGE): Promise<AdminReview[]> {
  return (await selectAdminReviews(db, workspace.id, LIVE_REVIEW, page)).map(toAdminReview);
}

/** One review of the workspace as the admin table shows it, or null. */
export async function getAdminReview(db: Db, workspace: Pick<Workspace, 'id'>, reviewId: number): Promise<AdminReview | null> {
  if (!isRowId(reviewId)) return null;
  const [row] = await selectAdminReviews(db, workspace.id, eq(reviews.id, reviewId), { limit: 1, offset: 0 });
  return row ? toAdminReview(row) : null;
}

async function found(db: Db, workspace: Pick<Workspace, 'id'>, reviewId: number): Promise<AdminReviewResult> {
  const review = await getAdminReview(db, workspace, reviewId);
  return review ? { ok: true, review } : { ok: false, problem: 'review_not_found' };
}

export interface ReviewEdit {
  reviewerName: string;
  rating: number;
  comment: string | null;
}

/**
 * Corrects a review's reviewer, stars and text (any kind). The update time moves to now, so a later
 * delivery of the same version does not put the old text back; a newer edit by the reviewer does.
 */
async function changeReview(db: Db, workspace: Pick<Workspace, 'id'>, reviewId: number, edit: ReviewEdit): Promise<AdminReviewResult> {
  if (!isRowId(reviewId)) return { ok: false, problem: 'review_not_found' };
  const updated = await db
    .update(reviews)
    .set({ reviewerName: edit.reviewerName, rating: edit.rating, comment: edit.comment, updateTime: new Date() })
    .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.id, reviewId)))
    .returning({ id: reviews.id });
  if (updated.length === 0) return { ok: false, problem: 'review_not_found' };
  return found(db, workspace, reviewId);
}

/**
 * Gives a review to another request of the workspace, as an admin decision: status manual, the
 * request's team, no confidence. The request must not hold another counted review (a request takes
 * at most one). Other reviews that only suggested that request (needs_review) lose the suggestion,
 * since it can no longer be accepted. Runs under the matcher's per-workspace lock.
 */
async function reassignReviewRows(store: Store, workspace: Pick<Workspace, 'id'>, reviewId: number, requestId: number): Promise<AdminReviewResult> {
  if (!isRowId(reviewId)) return { ok: false, problem: 'review_not_found' };
  if (!isRowId(requestId)) return { ok: false, problem: 'request_not_found' };
  const db = store.database.db;
  const outcome = await db.transaction(async (tx): Promise<AdminReviewProblem | null> => {
    await lockWorkspaceReviews(tx, workspace.id);
    const [review] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.id, reviewId)))
      .for('update');
    if (!review) return 'review_not_found';
    const [request] = await tx
      .select({ id: reviewRequests.id, teamId: reviewRequests.teamId })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.workspaceId, workspace.id), eq(reviewRequests.id, requestId)));
    if (!request) return 'request_not_found';
    if (request.teamId === null) return 'request_without_team';
    const holders = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.requestId, requestId), ne(reviews.id, reviewId), inArray(reviews.matchStatus, COUNTED)));
    if (holders.length > 0) return 'request_taken';
    await tx
      .update(reviews)
      .set({ matchStatus: 'unmatched', requestId: null, teamId: null, matchConfidence: null, matchEvidence: null, confirmedAt: null })
      .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.requestId, requestId), ne(reviews.id, reviewId), eq(reviews.matchStatus, 'needs_review')));
    await tx
      .update(reviews)
      .set({ matchStatus: 'manual', requestId, teamId: request.teamId, matchConfidence: null, matchEvidence: null, confirmedAt: new Date() })
      .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.id, reviewId)));
    const data = { reviewId, requestId, teamId: request.teamId, how: 'manual' } as const;
    await raiseEvent(store.jobs, { type: 'review.matched', workspaceId: workspace.id, data }, { tx });
    return null;
  });
  if (outcome) return { ok: false, problem: outcome };
  return found(db, workspace, reviewId);
}

/** Takes a review off its request and team: unmatched, counted for "Unknown", listed to assign again. */
async function unmatchReviewRow(db: Db, workspace: Pick<Workspace, 'id'>, reviewId: number): Promise<AdminReviewResult> {
  if (!isRowId(reviewId)) return { ok: false, problem: 'review_not_found' };
  const updated = await db
    .update(reviews)
    .set({ matchStatus: 'unmatched', requestId: null, teamId: null, matchConfidence: null, matchEvidence: null, confirmedAt: null })
    .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.id, reviewId)))
    .returning({ id: reviews.id });
  if (updated.length === 0) return { ok: false, problem: 'review_not_found' };
  return found(db, workspace, reviewId);
}

/** Deletes a review of the given kind; false when the workspace has no such review of that kind. */
/** Deletes the review and remembers it, so a re-delivery or a later sync does not bring it back. */
async function removeReview(db: Db, workspace: Pick<Workspace, 'id'>, reviewId: number, kind: ReviewKind): Promise<boolean> {
  if (!isRowId(reviewId)) return false;
  return db.transaction(async (tx) => {
    const where = and(eq(reviews.workspaceId, workspace.id), eq(reviews.id, reviewId), eq(reviews.kind, kind));
    const [found] = await tx.select({ id: reviews.id }).from(reviews).where(where).for('update');
    if (!found) return false;
    // A CRM copy of this review (same_as) goes with it, first (the key would let it go otherwise):
    // one review, deleted once, remembered both ways.
    const copies = await tx
      .delete(reviews)
      .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.sameAs, reviewId)))
      .returning({ source: reviews.source, externalId: reviews.externalId });
    const [deleted] = await tx.delete(reviews).where(where).returning({ source: reviews.source, externalId: reviews.externalId });
    await tx
      .insert(deletedReviews)
      .values([deleted!, ...copies].map((r) => ({ workspaceId: workspace.id, ...r })))
      .onConflictDoNothing();
    return true;
  });
}

/**
 * Reviews whose status says "matched" (or "suggested") to something that is no longer there:
 * - a counted status (auto_matched, self_confirmed, manual) whose team is gone;
 * - auto_matched, whose request is gone (it was matched to that request and nothing else);
 * - needs_review, whose suggested request is gone.
 * A manual or self-confirmed review that still has its team stays: a person put it there.
 */
function orphaned(workspaceId: number): SQL {
  const teamGone = notExists(sql`(SELECT 1 FROM ${teams} WHERE ${teams.id} = ${reviews.teamId} AND ${teams.workspaceId} = ${workspaceId})`);
  const requestGone = notExists(
    sql`(SELECT 1 FROM ${reviewRequests} WHERE ${reviewRequests.id} = ${reviews.requestId} AND ${reviewRequests.workspaceId} = ${workspaceId})`,
  );
  return and(
    eq(reviews.workspaceId, workspaceId),
    or(and(inArray(reviews.matchStatus, COUNTED), teamGone), and(inArray(reviews.matchStatus, ['auto_matched', 'needs_review']), requestGone)),
  )!;
}

/** Sets every orphaned review to unmatched (so it counts for Unknown and shows to be assigned); how many. */
async function fixOrphanedRows(db: Db, workspace: Pick<Workspace, 'id'>): Promise<number> {
  const fixed = await db
    .update(reviews)
    .set({ matchStatus: 'unmatched', requestId: null, teamId: null, matchConfidence: null, matchEvidence: null, confirmedAt: null })
    .where(orphaned(workspace.id))
    .returning({ id: reviews.id });
  return fixed.length;
}

export const ADMIN_REVIEW_MESSAGES: Record<AdminReviewProblem, string> = {
  review_not_found: 'Review not found',
  request_not_found: 'Review request not found',
  request_taken: 'That request already has a matched review',
  request_without_team: 'That request has no team: give it a team first',
};

const ADMIN_REVIEW_ANSWERS: Record<AdminReviewProblem, Omit<Refusal, 'message'>> = {
  review_not_found: { status: 404 },
  request_not_found: { status: 404 },
  request_taken: { status: 409, field: 'inviteId' },
  request_without_team: { status: 400, field: 'inviteId' },
};

/** How the API answers an admin's change of a review refused. */
export function adminReviewRefusal(problem: AdminReviewProblem): Refusal {
  return { ...ADMIN_REVIEW_ANSWERS[problem], message: ADMIN_REVIEW_MESSAGES[problem] };
}

/** "Fixed 2 orphaned review(s)" (SPEC.md section 8). */
export function fixedMessage(fixed: number): string {
  return `Fixed ${fixed} orphaned review(s)`;
}

/** Unmatches a review (see unmatchReviewRow) and announces it to every screen. */
export async function unmatchReview(database: Database, workspace: Pick<Workspace, 'id'>, reviewId: number): Promise<AdminReviewResult> {
  return announcedIfDone(database, workspace.id, await unmatchReviewRow(database.db, workspace, reviewId));
}

/** Edits a review (see changeReview) and announces it to every screen. */
export async function editReview(database: Database, workspace: Pick<Workspace, 'id'>, reviewId: number, edit: ReviewEdit): Promise<AdminReviewResult> {
  return announcedIfDone(database, workspace.id, await changeReview(database.db, workspace, reviewId, edit));
}

/** Deletes a review (see removeReview) and announces it to every screen; false when there was none. */
export async function deleteReview(database: Database, workspace: Pick<Workspace, 'id'>, reviewId: number, kind: ReviewKind): Promise<boolean> {
  const deleted = await removeReview(database.db, workspace, reviewId, kind);
  if (deleted) await announceDataChange(database, workspace.id);
  return deleted;
}

/** Fixes orphaned reviews (see fixOrphanedRows), announcing it to every screen when any was; how many. */
export async function fixOrphanedReviews(database: Database, workspace: Pick<Workspace, 'id'>): Promise<number> {
  const fixed = await fixOrphanedRows(database.db, workspace);
  if (fixed > 0) await announceDataChange(database, workspace.id);
  return fixed;
}

/** Gives a review to another request (see reassignReviewRows) and announces it to every screen. */
export async function reassignReview(store: Store, workspace: Pick<Workspace, 'id'>, reviewId: number, requestId: number): Promise<AdminReviewResult> {
  return announcedIfDone(store.database, workspace.id, await reassignReviewRows(store, workspace, reviewId, requestId));
}

import { and, eq, inArray, ne } from 'drizzle-orm';
import { raiseEvent, type Store } from '#domain/events/domain-events.ts';
import { reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import { announceDataChange } from '#platform/live/publish.ts';
import { COUNTED_FOR_TEAM } from './scoring.ts';
import type { Database } from '#platform/db/database.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import type { Refusal } from '#contracts/refusal.ts';
import { isUnknownTeamName, UNKNOWN_TEAM_NAME } from '#shared/team-rules.ts';
import { getTeamVisibleReview, type TeamVisibleReview } from './queries.ts';
import { lockWorkspaceReviews, type ReviewKind } from './store.ts';

// A person assigns a review that waits (unmatched or needs_review) to a request or to a team
// (SPEC.md section 4 "Review transitions", DESIGN.md statuses table). Manual work wins: the matcher
// never touches a stored review again (decision 016), so the assignment survives any re-delivery.

export type AssignProblem =
  | 'review_not_found'
  | 'request_not_found'
  | 'team_not_found'
  /** The "Unknown" team holds the reviews nobody has placed: it is no assignment. */
  | 'unknown_team'
  /** The review already counts for a team: moving it is the admin's reassign, not an assignment. */
  | 'already_matched'
  /** A request takes at most one review, and a counted one holds this request. */
  | 'request_taken'
  /** The review would count for no team: the request needs a team first (as for the admin's reassign). */
  | 'request_without_team';

export type AssignResult = { ok: true; review: TeamVisibleReview } | { ok: false; problem: AssignProblem };

export const ASSIGN_PROBLEM_MESSAGES: Record<AssignProblem, string> = {
  review_not_found: 'Review not found',
  request_not_found: 'Request not found',
  team_not_found: 'Team not found',
  unknown_team: `Choose a team other than "${UNKNOWN_TEAM_NAME}"`,
  already_matched: 'This review is already matched',
  request_taken: 'This request already has a matched review',
  request_without_team: 'That request has no team: give it a team first',
};

const ASSIGN_ANSWERS: Record<AssignProblem, Omit<Refusal, 'message'>> = {
  review_not_found: { status: 404 },
  request_not_found: { status: 404 },
  team_not_found: { status: 404 },
  unknown_team: { status: 400, field: 'teamId' },
  already_matched: { status: 409 },
  request_taken: { status: 409, field: 'inviteId' },
  request_without_team: { status: 400, field: 'inviteId' },
};

/** How the API answers an assignment refused. */
export function assignRefusal(problem: AssignProblem): Refusal {
  return { ...ASSIGN_ANSWERS[problem], message: ASSIGN_PROBLEM_MESSAGES[problem] };
}

export interface AssignToInvite {
  kind: ReviewKind;
  reviewId: number;
  inviteId: number;
  /** self_confirmed when staff assign on the reviews page (the default); manual when an admin does. */
  status?: 'self_confirmed' | 'manual';
}

export interface AssignToTeam {
  kind: ReviewKind;
  reviewId: number;
  teamId: number;
}

const COUNTED = [...COUNTED_FOR_TEAM];
const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

type Tx = Parameters<Parameters<Store['database']['db']['transaction']>[0]>[0];

/**
 * Locks the workspace's matching (the matcher takes the same lock, so a request never ends up with
 * two reviews) and the review row; the review when it is the workspace's and of `kind`.
 */
async function lockReview(tx: Tx, workspaceId: number, kind: ReviewKind, reviewId: number) {
  await lockWorkspaceReviews(tx, workspaceId);
  const [review] = await tx
    .select({ id: reviews.id, status: reviews.matchStatus, requestId: reviews.requestId, confidence: reviews.matchConfidence })
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.id, reviewId), eq(reviews.kind, kind)))
    .for('update');
  return review ?? null;
}

async function finish({ database }: Store, workspace: Workspace, outcome: AssignProblem | number): Promise<AssignResult> {
  if (typeof outcome !== 'number') return { ok: false, problem: outcome };
  await announceDataChange(database, workspace.id);
  const review = await getTeamVisibleReview(database.db, workspace, outcome);
  return review ? { ok: true, review } : { ok: false, problem: 'review_not_found' };
}

/**
 * Matches a waiting review to a request of the workspace that no counted review holds: the review
 * then counts for the request's team. The matcher's confidence (and evidence) stay when the request is
 * the one it suggested; otherwise they are cleared.
 */
export async function assignReviewToInvite(store: Store, workspace: Workspace, input: AssignToInvite): Promise<AssignResult> {
  if (!isRowId(input.reviewId)) return { ok: false, problem: 'review_not_found' };
  if (!isRowId(input.inviteId)) return { ok: false, problem: 'request_not_found' };
  const outcome = await store.database.db.transaction(async (tx): Promise<AssignProblem | number> => {
    const review = await lockReview(tx, workspace.id, input.kind, input.reviewId);
    if (!review) return 'review_not_found';
    const [request] = await tx
      .select({ id: reviewRequests.id, teamId: teams.id })
      .from(reviewRequests)
      .leftJoin(teams, and(eq(teams.id, reviewRequests.teamId), eq(teams.workspaceId, workspace.id)))
      .where(and(eq(reviewRequests.workspaceId, workspace.id), eq(reviewRequests.id, input.inviteId)));
    if (!request) return 'request_not_found';
    if (COUNTED_FOR_TEAM.has(review.status)) return 'already_matched';
    if (request.teamId === null) return 'request_without_team';
    const [holder] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.requestId, request.id), inArray(reviews.matchStatus, COUNTED), ne(reviews.id, review.id)))
      .limit(1);
    if (holder) return 'request_taken';
    const suggested = review.requestId === request.id;
    await tx
      .update(reviews)
      .set({
        matchStatus: input.status ?? 'self_confirmed',
        requestId: request.id,
        teamId: request.teamId,
        matchConfidence: suggested ? review.confidence : null,
        ...(suggested ? {} : { matchEvidence: null }),
        confirmedAt: new Date(),
      })
      .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.id, review.id)));
    const data = { reviewId: review.id, requestId: request.id, teamId: request.teamId, how: 'manual' } as const;
    await raiseEvent(store.jobs, { type: 'review.matched', workspaceId: workspace.id, data }, { tx });
    return review.id;
  });
  return finish(store, workspace, outcome);
}

/** Places a waiting review in a team of the workspace (not "Unknown"), with no request: status manual. */
export async function assignReviewToTeam(store: Store, workspace: Workspace, input: AssignToTeam): Promise<AssignResult> {
  if (!isRowId(input.reviewId)) return { ok: false, problem: 'review_not_found' };
  if (!isRowId(input.teamId)) return { ok: false, problem: 'team_not_found' };
  const outcome = await store.database.db.transaction(async (tx): Promise<AssignProblem | number> => {
    const review = await lockReview(tx, workspace.id, input.kind, input.reviewId);
    if (!review) return 'review_not_found';
    const [team] = await tx
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.workspaceId, workspace.id), eq(teams.id, input.teamId)));
    if (!team) return 'team_not_found';
    if (isUnknownTeamName(team.name)) return 'unknown_team';
    if (COUNTED_FOR_TEAM.has(review.status)) return 'already_matched';
    await tx
      .update(reviews)
      .set({ matchStatus: 'manual', requestId: null, teamId: team.id, matchConfidence: null, matchEvidence: null, confirmedAt: new Date() })
      .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.id, review.id)));
    const data = { reviewId: review.id, requestId: null, teamId: team.id, how: 'manual' } as const;
    await raiseEvent(store.jobs, { type: 'review.matched', workspaceId: workspace.id, data }, { tx });
    return review.id;
  });
  return finish(store, workspace, outcome);
}

/**
 * The person a needs_review review's suggestion credits says it is not their customer (issue 32): it
 * waits unmatched, for the admin, without the suggestion. Only while it still points to one of
 * `requestIds` (theirs); false when it no longer does.
 */
export async function declineSuggestedRequest(database: Database, workspaceId: number, reviewId: number, requestIds: number[]): Promise<boolean> {
  if (requestIds.length === 0) return false;
  const declined = await database.db
    .update(reviews)
    .set({ matchStatus: 'unmatched', requestId: null })
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.id, reviewId), eq(reviews.matchStatus, 'needs_review'), inArray(reviews.requestId, requestIds)))
    .returning({ id: reviews.id });
  if (declined.length) await announceDataChange(database, workspaceId);
  return declined.length > 0;
}

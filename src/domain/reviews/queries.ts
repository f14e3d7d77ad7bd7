import { and, desc, eq, gte, inArray, isNotNull, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import type { MatchStatus } from '#shared/statuses.ts';
import { challengeSettings, COUNTED_FOR_TEAM } from './scoring.ts';
import { unknownTeamRow, type Workspace } from '#domain/workspace/workspaces.ts';
import { LIVE_REVIEW } from './store.ts';
import { FIRST_PAGE, type Page } from '#shared/paging.ts';

// The reviews as staff see them on /{slug}/reviews (SPEC.md section 3 "Team-visible review" and
// "Unmatched invite", DESIGN.md "Reviews, statuses, counting and celebrations"). The lists cover the
// challenge window, as the wallboard does (decision 011): the page shows the reviews the wallboard
// counts, and an old review brought in by a first Google sync is no work for anyone.

export interface TeamRef {
  id: number;
  name: string;
  color: string;
}

/** SPEC.md section 3 "Team-visible review", plus the kind, source, status and creation time. */
export interface TeamVisibleReview {
  id: number;
  reviewerName: string | null;
  rating: number;
  reviewText: string | null;
  /** ISO 8601, UTC: when the review was matched (by the matcher or a person); null while unmatched. */
  confirmedAt: string | null;
  reviewUrl: string | null;
  /** 0 for a Google review; for a review action the request it is matched to, or null. */
  inviteId: number | null;
  /** The team the review counts for: its matched team, else "Unknown" (null only if that team is missing). */
  team: TeamRef | null;
  kind: 'google' | 'action';
  source: 'google' | 'crm' | 'test';
  matchStatus: MatchStatus;
  /** ISO 8601, UTC: when the reviewer wrote it. */
  createTime: string;
}

/** A matched review as GET /api/google-reviews lists it: with the owner's reply, answered from the reviews page (issue 30). */
export interface MatchedReview extends TeamVisibleReview {
  /** The owner's reply on Google, and when it was written; null without one. */
  ownerReply: string | null;
  ownerReplyTime: string | null;
  /** The first name of the person whose request the review is matched to (a reply template's {staff_first_name}). */
  staffFirstName: string | null;
}

/** A review that waits for a person: unmatched, or needs_review with a suggested request. */
export interface UnmatchedReview extends TeamVisibleReview {
  /** The open request a needs_review review points to (null when none, or when it has since been taken). */
  suggestedInviteId: number | null;
  matchConfidence: number | null;
}

/** SPEC.md section 3 "Unmatched invite", plus what the picker shows beside the name. */
export interface UnmatchedInvite {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  teamId: number | null;
  teamName: string | null;
  /** ISO 8601, UTC: when the request was logged. */
  createdAt: string;
}

const COUNTED = [...COUNTED_FOR_TEAM];
const WAITING: MatchStatus[] = ['unmatched', 'needs_review'];

const reviewColumns = {
  id: reviews.id,
  kind: reviews.kind,
  source: reviews.source,
  reviewerName: reviews.reviewerName,
  rating: reviews.rating,
  comment: reviews.comment,
  createTime: reviews.createTime,
  confirmedAt: reviews.confirmedAt,
  reviewUrl: reviews.reviewUrl,
  requestId: reviews.requestId,
  matchStatus: reviews.matchStatus,
  matchConfidence: reviews.matchConfidence,
  teamId: teams.id,
  teamName: teams.name,
  teamColor: teams.color,
  ownerReply: reviews.ownerReply,
  ownerReplyTime: reviews.ownerReplyTime,
  staffFirstName: reviewRequests.staffFirstName,
};

type ReviewRow = {
  id: number;
  kind: 'google' | 'action';
  source: 'google' | 'crm' | 'test';
  reviewerName: string | null;
  rating: number;
  comment: string | null;
  createTime: Date;
  confirmedAt: Date | null;
  reviewUrl: string | null;
  requestId: number | null;
  matchStatus: MatchStatus;
  matchConfidence: number | null;
  teamId: number | null;
  teamName: string | null;
  teamColor: string | null;
  ownerReply: string | null;
  ownerReplyTime: Date | null;
  staffFirstName: string | null;
};

const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/** The workspace's "Unknown" team, which every review that counts for no other team counts for. */
export async function findUnknownTeam(db: Db, workspaceId: number): Promise<TeamRef | null> {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, color: teams.color })
    .from(teams)
    .where(and(eq(teams.workspaceId, workspaceId), unknownTeamRow));
  return row ?? null;
}

function counted(status: MatchStatus): boolean {
  return COUNTED_FOR_TEAM.has(status);
}

/** DESIGN.md: inviteId is 0 for kind google, and the matched request (or null) for kind action. */
function inviteIdOf(row: Pick<ReviewRow, 'kind' | 'matchStatus' | 'requestId'>): number | null {
  if (row.kind === 'google') return 0;
  return counted(row.matchStatus) ? row.requestId : null;
}

function toTeamVisible(row: ReviewRow, unknown: TeamRef | null): TeamVisibleReview {
  const team = counted(row.matchStatus) && row.teamId !== null ? { id: row.teamId, name: row.teamName!, color: row.teamColor! } : unknown;
  return {
    id: row.id,
    reviewerName: row.reviewerName,
    rating: row.rating,
    reviewText: row.comment,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    reviewUrl: row.reviewUrl,
    inviteId: inviteIdOf(row),
    team,
    kind: row.kind,
    source: row.source,
    matchStatus: row.matchStatus,
    createTime: row.createTime.toISOString(),
  };
}

function toMatched(row: ReviewRow, unknown: TeamRef | null): MatchedReview {
  return {
    ...toTeamVisible(row, unknown),
    ownerReply: row.ownerReply,
    ownerReplyTime: row.ownerReplyTime?.toISOString() ?? null,
    staffFirstName: counted(row.matchStatus) ? row.staffFirstName : null,
  };
}

async function selectReviews(db: Db, workspaceId: number, where: SQL | undefined) {
  return (await db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(teams, and(eq(teams.id, reviews.teamId), eq(teams.workspaceId, workspaceId)))
    .leftJoin(reviewRequests, and(eq(reviewRequests.id, reviews.requestId), eq(reviewRequests.workspaceId, workspaceId)))
    .where(and(eq(reviews.workspaceId, workspaceId), where))) as ReviewRow[];
}

/** Requests of the workspace that a counted review already holds. */
function takenRequestIds(db: Db, workspaceId: number) {
  return db
    .select({ id: reviews.requestId })
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), isNotNull(reviews.requestId), inArray(reviews.matchStatus, COUNTED)));
}

const newestFirst = (a: { at: number; id: number }, b: { at: number; id: number }) => b.at - a.at || b.id - a.id;

/**
 * GET /api/google-reviews: the matched reviews (auto_matched, self_confirmed, manual) of the challenge
 * window, newest first (confirmedAt, else createTime). With `teamId`, only those counted for that
 * team; for "Unknown" that means matched reviews whose team has since been deleted.
 */
export async function listTeamReviews(db: Db, workspace: Workspace, teamId?: number): Promise<MatchedReview[]> {
  const [{ start }, unknown] = await Promise.all([challengeSettings(db, workspace), findUnknownTeam(db, workspace.id)]);
  const rows = await selectReviews(db, workspace.id, and(inArray(reviews.matchStatus, COUNTED), gte(reviews.createTime, start), LIVE_REVIEW));
  return rows
    .map((row) => toMatched(row, unknown))
    .filter((review) => teamId === undefined || review.team?.id === teamId)
    .map((review) => ({ review, at: Date.parse(review.confirmedAt ?? review.createTime), id: review.id }))
    .sort(newestFirst)
    .map(({ review }) => review);
}

/**
 * GET /api/unmatched-reviews: the reviews of the challenge window that count for "Unknown" and wait
 * for a person (unmatched or needs_review), newest first. A needs_review review carries the request
 * it points to as `suggestedInviteId`, while no counted review holds that request.
 */
export async function listUnmatchedReviews(db: Db, workspace: Workspace): Promise<UnmatchedReview[]> {
  const [{ start }, unknown] = await Promise.all([challengeSettings(db, workspace), findUnknownTeam(db, workspace.id)]);
  const rows = await selectReviews(db, workspace.id, and(inArray(reviews.matchStatus, WAITING), gte(reviews.createTime, start), LIVE_REVIEW));
  const suggested = [...new Set(rows.filter((r) => r.matchStatus === 'needs_review' && r.requestId !== null).map((r) => r.requestId!))];
  const open = new Set<number>();
  if (suggested.length) {
    const taken = new Set((await takenRequestIds(db, workspace.id)).map((r) => r.id));
    const existing = await db
      .select({ id: reviewRequests.id })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.workspaceId, workspace.id), inArray(reviewRequests.id, suggested)));
    for (const { id } of existing) if (!taken.has(id)) open.add(id);
  }
  return rows
    .map((row) => ({
      review: {
        ...toTeamVisible(row, unknown),
        suggestedInviteId: row.matchStatus === 'needs_review' && row.requestId !== null && open.has(row.requestId) ? row.requestId : null,
        matchConfidence: row.matchConfidence,
      },
      at: row.createTime.getTime(),
      id: row.id,
    }))
    .sort(newestFirst)
    .map(({ review }) => review);
}

/** GET /api/unmatched-invites: the workspace's requests that no counted review holds, newest first. */
export async function listUnmatchedInvites(db: Db, workspace: Pick<Workspace, 'id'>, page: Page = FIRST_PAGE): Promise<UnmatchedInvite[]> {
  const rows = await db
    .select({
      id: reviewRequests.id,
      firstName: reviewRequests.customerFirstName,
      lastName: reviewRequests.customerLastName,
      email: reviewRequests.customerEmail,
      teamId: teams.id,
      teamName: teams.name,
      createdAt: reviewRequests.createdAt,
    })
    .from(reviewRequests)
    .leftJoin(teams, and(eq(teams.id, reviewRequests.teamId), eq(teams.workspaceId, workspace.id)))
    .where(and(eq(reviewRequests.workspaceId, workspace.id), notInArray(reviewRequests.id, takenRequestIds(db, workspace.id))))
    .orderBy(desc(reviewRequests.createdAt), desc(reviewRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** One review of the workspace in the team-visible shape, whatever its status; null for any other id. */
export async function getTeamVisibleReview(db: Db, workspace: Pick<Workspace, 'id'>, reviewId: number): Promise<TeamVisibleReview | null> {
  if (!isRowId(reviewId)) return null;
  const [[row], unknown] = await Promise.all([selectReviews(db, workspace.id, eq(reviews.id, reviewId)), findUnknownTeam(db, workspace.id)]);
  return row ? toTeamVisible(row, unknown) : null;
}

import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import type { MatchStatus } from '#shared/statuses.ts';
import { LIVE_REVIEW } from './store.ts';
import { whileRequestsUnchanged } from './requests-version.ts';
import { readSettings } from '#domain/workspace/settings.ts';
import { startOfDayIn } from '#shared/time.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { isUnknownTeamName } from '#shared/team-rules.ts';
import { DEFAULT_TARGET_REVIEWS, DEFAULT_TIMEZONE } from '#shared/settings-rules.ts';

/** Statuses whose review counts for the team it was matched to; every other review counts for "Unknown". */
export const COUNTED_FOR_TEAM: ReadonlySet<MatchStatus> = new Set(['auto_matched', 'self_confirmed', 'manual']);

/** True when the review counts for a team now: a counted status, and a team. */
export async function reviewCountsForATeam(db: Db, workspaceId: number, reviewId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: reviews.matchStatus, teamId: reviews.teamId })
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.id, reviewId)));
  return row !== undefined && row.teamId !== null && COUNTED_FOR_TEAM.has(row.status);
}

export interface ChallengeSettings {
  start: Date;
  targetReviews: number;
  timezone: string;
}

export const CHALLENGE_SETTING_KEYS = ['challenge_start_date', 'target_reviews', 'timezone'];

/** The challenge counts what happens from `challenge_start_date` (midnight, workspace time) or the workspace's creation. */
export async function challengeSettings(db: Db, workspace: Workspace): Promise<ChallengeSettings> {
  return challengeSettingsOf(await readSettings(db, workspace.id, CHALLENGE_SETTING_KEYS), workspace);
}

/** The challenge settings from settings read with (at least) CHALLENGE_SETTING_KEYS. */
export function challengeSettingsOf(values: Map<string, string>, workspace: Workspace): ChallengeSettings {
  const timezone = values.get('timezone') || DEFAULT_TIMEZONE;
  const start = startOfDayIn(values.get('challenge_start_date') ?? '', timezone) ?? workspace.createdAt;
  const target = Number.parseInt(values.get('target_reviews') ?? '', 10);
  return { start, timezone, targetReviews: Number.isInteger(target) && target > 0 ? target : DEFAULT_TARGET_REVIEWS };
}

export interface TeamScore {
  id: number;
  name: string;
  color: string;
  /** Null: the workspace's own wallboard. */
  wallboardId: number | null;
  weeklyGoal: number | null;
  createdAt: Date;
  /** Reviews counted for the team in the challenge window... */
  reviews: number;
  /** ...and of them, those written since `weekStart` (the challenge week). */
  weekReviews: number;
  ratingSum: number;
  requests: number;
}

/**
 * Every team of the workspace with its counted reviews and requests in the challenge window, and its
 * reviews since `weekStart`. `requests: false` leaves the requests uncounted (0), for a reader of the
 * review figures alone (a milestone check).
 */
export async function teamScores(db: Db, workspace: Workspace, start: Date, weekStart: Date = start, { requests = true } = {}): Promise<TeamScore[]> {
  const [teamRows, reviewRows, requestRows] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, color: teams.color, wallboardId: teams.wallboardId, weeklyGoal: teams.weeklyGoal, createdAt: teams.createdAt })
      .from(teams)
      .where(eq(teams.workspaceId, workspace.id)),
    db
      .select({
        teamId: reviews.teamId,
        status: reviews.matchStatus,
        reviews: count(),
        weekReviews: sql<number>`count(*) FILTER (WHERE ${reviews.createTime} >= ${weekStart.toISOString()}::timestamptz)`.mapWith(Number),
        ratingSum: sum(reviews.rating).mapWith(Number),
      })
      .from(reviews)
      .where(and(eq(reviews.workspaceId, workspace.id), gte(reviews.createTime, start), LIVE_REVIEW))
      .groupBy(reviews.teamId, reviews.matchStatus),
    requests
      ? // Changed only by a write to the requests (a review changes none): read again only then.
        whileRequestsUnchanged(db, workspace.id, 'team-requests', start.toISOString(), () =>
          db
            .select({ teamId: reviewRequests.teamId, requests: count() })
            .from(reviewRequests)
            .where(and(eq(reviewRequests.workspaceId, workspace.id), gte(reviewRequests.createdAt, start)))
            .groupBy(reviewRequests.teamId),
        )
      : [],
  ]);
  const scores = new Map(teamRows.map((t) => [t.id, { ...t, reviews: 0, weekReviews: 0, ratingSum: 0, requests: 0 }]));
  const unknown = teamRows.find((t) => isUnknownTeamName(t.name));
  for (const row of reviewRows) {
    const teamId = row.teamId !== null && COUNTED_FOR_TEAM.has(row.status) && scores.has(row.teamId) ? row.teamId : unknown?.id;
    const score = teamId === undefined ? undefined : scores.get(teamId);
    if (!score) continue;
    score.reviews += row.reviews;
    score.weekReviews += row.weekReviews;
    score.ratingSum += row.ratingSum ?? 0;
  }
  for (const row of requestRows) {
    const score = row.teamId === null ? undefined : scores.get(row.teamId);
    if (score) score.requests += row.requests;
  }
  return [...scores.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** round(average stars x 10), 0 when there is nothing to average (DESIGN.md "API conventions"). */
export function averageRatingX10(score: Pick<TeamScore, 'reviews' | 'ratingSum'>): number {
  return score.reviews === 0 ? 0 : Math.round((score.ratingSum / score.reviews) * 10);
}

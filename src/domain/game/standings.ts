import { and, countDistinct, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviewRequests, reviews, staff } from '#platform/db/schema.ts';
import { COUNTED_FOR_TEAM, challengeSettings, type ChallengeSettings } from '#domain/reviews/scoring.ts';
import { localDateOf } from '#shared/time.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { activityOf, loadActivity, type ActivityRows } from './activity.ts';
import { challengeWeekAt, weekIndexOfDay, weekOfIndex, type ChallengeWeek } from './challenge-week.ts';
import { scoreActivity, SCORING_RULES, type Scores } from '#shared/fair-score.ts';

// The game's standings (issue 13): fair scores of teams and people, read from the database at one
// instant, and the people leaderboard.

export interface Game {
  challenge: ChallengeSettings;
  /** The challenge's first day (YYYY-MM-DD, workspace time). */
  startDay: string;
  week: ChallengeWeek;
  /** The 0-based index of the current week. */
  weekIndex: number;
  /** The earliest week loaded: the usual week of the challenge's first week needs the weeks before it. */
  firstLoadedWeek: number;
  rows: ActivityRows;
}

export async function loadGame(db: Db, workspace: Workspace, now = new Date()): Promise<Game> {
  const clock = challengeClock(await challengeSettings(db, workspace), now);
  const { challenge, startDay, firstLoadedWeek } = clock;
  const since = weekOfIndex(firstLoadedWeek, startDay, challenge.timezone).startsAt;
  const rows = await loadActivity(db, workspace.id, since, { startDay, timeZone: challenge.timezone });
  return { ...clock, rows };
}

/** Where the challenge stands at `now`: its first day, its current week, and the weeks its scores read. */
export function challengeClock(challenge: ChallengeSettings, now = new Date()): Omit<Game, 'rows'> {
  const startDay = localDateOf(challenge.start, challenge.timezone);
  const week = challengeWeekAt(now, startDay, challenge.timezone);
  const weekIndex = week.number - 1;
  return { challenge, startDay, week, weekIndex, firstLoadedWeek: Math.min(0, weekIndex) - SCORING_RULES.trailingWeeks };
}

/** The scores of the rows that belong to something created at `createdAt`. */
export function scoresOf(game: Game, createdAt: Date, belongs: (row: { teamId: number | null; staffId: number | null }) => boolean): Scores {
  const createdWeek = weekIndexOfDay(localDateOf(createdAt, game.challenge.timezone), game.startDay);
  return scoreActivity(activityOf(game.rows, belongs), {
    firstWeek: Math.max(createdWeek, game.firstLoadedWeek),
    currentWeek: game.weekIndex,
  });
}

export type LeaderboardPeriod = 'week' | 'challenge';
export const LEADERBOARD_PERIODS: readonly LeaderboardPeriod[] = ['week', 'challenge'];

/** GET /api/leaderboard's rows (issue 13 contract). */
export interface LeaderboardPerson {
  staffId: number;
  firstName: string;
  requestsSent: number;
  linksOpened: number;
  reviewsMatched: number;
  /** reviewsMatched / requestsSent, 0 to 1 (0 when nothing was sent). */
  conversion: number;
  score: number;
}

/**
 * Active people with requests or a score in the period, best score first. The funnel counts the
 * requests logged in the period: how many had their link opened and how many a matched review.
 * `onBoard` narrows it to the requests of one wallboard's teams.
 */
export async function leaderboard(
  db: Db,
  workspace: Workspace,
  game: Game,
  period: LeaderboardPeriod,
  onBoard: (teamId: number | null) => boolean = () => true,
): Promise<LeaderboardPerson[]> {
  const since = period === 'week' ? game.week.startsAt : game.challenge.start;
  const firstWeek = period === 'week' ? game.weekIndex : 0;
  const [people, matchedRows] = await Promise.all([
    db
      .select({ id: staff.id, firstName: staff.firstName, createdAt: staff.createdAt })
      .from(staff)
      .where(and(eq(staff.workspaceId, workspace.id), eq(staff.active, true), isNull(staff.mergedIntoId))),
    db
      .select({ staffId: reviewRequests.staffId, teamId: reviewRequests.teamId, matched: countDistinct(reviewRequests.id) })
      .from(reviews)
      .innerJoin(reviewRequests, eq(reviewRequests.id, reviews.requestId))
      .where(
        and(
          eq(reviews.workspaceId, workspace.id),
          inArray(reviews.matchStatus, [...COUNTED_FOR_TEAM]),
          isNull(reviews.removedAt),
          gte(reviewRequests.createdAt, since),
          lt(reviewRequests.createdAt, game.week.endsAt),
        ),
      )
      .groupBy(reviewRequests.staffId, reviewRequests.teamId),
  ]);
  const sentRows = game.rows.requests.filter((r) => r.week >= firstWeek && r.week <= game.weekIndex).map((r) => ({ ...r, sent: r.count }));
  const funnels = [...sentRows.map((r) => ({ ...r, matched: 0 })), ...matchedRows.map((r) => ({ ...r, sent: 0, opened: 0 }))];
  const rows: LeaderboardPerson[] = [];
  for (const person of people) {
    const funnel = { sent: 0, opened: 0, matched: 0 };
    for (const f of funnels) {
      if (f.staffId !== person.id || !onBoard(f.teamId)) continue;
      funnel.sent += f.sent;
      funnel.opened += f.opened;
      funnel.matched += f.matched;
    }
    const scores = scoresOf(game, person.createdAt, (row) => row.staffId === person.id && onBoard(row.teamId));
    const score = period === 'week' ? scores.week.score : scores.challenge.score;
    if (funnel.sent === 0 && score === 0) continue;
    rows.push({
      staffId: person.id,
      firstName: person.firstName,
      requestsSent: funnel.sent,
      linksOpened: funnel.opened,
      reviewsMatched: funnel.matched,
      conversion: funnel.sent === 0 ? 0 : Math.round((funnel.matched / funnel.sent) * 1000) / 1000,
      score,
    });
  }
  return rows.sort((a, b) => b.score - a.score || b.reviewsMatched - a.reviewsMatched || a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' }));
}

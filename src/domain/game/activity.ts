import { and, count, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#platform/db/database.ts';
import { reviewRequests, reviews } from '#platform/db/schema.ts';
import { LIVE_REVIEW } from '#domain/reviews/store.ts';
import { COUNTED_FOR_TEAM } from '#domain/reviews/scoring.ts';
import { whileRequestsUnchanged } from '#domain/reviews/requests-version.ts';
import { SCORING_RULES, type Activity, type RequestActivity, type ReviewActivity } from '#shared/fair-score.ts';

// What the fair score is computed from, counted in SQL per challenge week (calendar days in the
// workspace's zone, as src/domain/game/challenge-week.ts counts them): requests by team, person, week
// logged and days between seeing the customer and logging; matched reviews by team, person and week
// written. Counting per week keeps the answer small however many requests a workspace has.
// Unmatched reviews are not loaded: they count for nobody.

export interface RequestRow extends RequestActivity {
  teamId: number | null;
  staffId: number;
  /** Of `count`, the requests whose link the customer opened. */
  opened: number;
}

export interface ReviewRow extends ReviewActivity {
  teamId: number | null;
  /** The person whose request the review was matched to; null for a review given to a team only. */
  staffId: number | null;
}

export interface ActivityRows {
  requests: RequestRow[];
  reviews: ReviewRow[];
}

/** Lags beyond these bounds score the same as the bound, so they are grouped together. */
const LAG_BOUNDS = [-1, SCORING_RULES.requestWindowDays + 1] as const;

export async function loadActivity(db: Db, workspaceId: number, since: Date, challenge: { startDay: string; timeZone: string }): Promise<ActivityRows> {
  const localDay = (column: SQL | AnyPgColumn) => sql`(${column} AT TIME ZONE ${challenge.timeZone})::date`;
  const weekOf = (column: AnyPgColumn) => sql<number>`floor((${localDay(column)} - ${challenge.startDay}::date) / 7.0)::int`.mapWith(Number);
  // least/greatest skip nulls: a request older than the field keeps its null.
  const lagDays = sql<
    number | null
  >`CASE WHEN ${reviewRequests.interactionDate} IS NOT NULL THEN least(greatest(${localDay(reviewRequests.createdAt)} - ${reviewRequests.interactionDate}, ${LAG_BOUNDS[0]}::int), ${LAG_BOUNDS[1]}::int) END`;
  const [requests, matched] = await Promise.all([
    // Changed only by a write to the requests (a review changes none): read again only then.
    whileRequestsUnchanged(db, workspaceId, 'activity', `${since.toISOString()} ${challenge.startDay} ${challenge.timeZone}`, () =>
      db
        .select({
          teamId: reviewRequests.teamId,
          staffId: reviewRequests.staffId,
          week: weekOf(reviewRequests.createdAt),
          lagDays,
          count: count(),
          opened: count(reviewRequests.clickedAt),
        })
        .from(reviewRequests)
        .where(and(eq(reviewRequests.workspaceId, workspaceId), gte(reviewRequests.createdAt, since)))
        .groupBy(sql`1`, sql`2`, sql`3`, sql`4`),
    ),
    db
      .select({ teamId: reviews.teamId, staffId: reviewRequests.staffId, week: weekOf(reviews.createTime), count: count() })
      .from(reviews)
      .leftJoin(reviewRequests, eq(reviewRequests.id, reviews.requestId))
      .where(
        and(
          eq(reviews.workspaceId, workspaceId),
          gte(reviews.createTime, since),
          inArray(reviews.matchStatus, [...COUNTED_FOR_TEAM]),
          isNotNull(reviews.teamId),
          LIVE_REVIEW,
        ),
      )
      .groupBy(sql`1`, sql`2`, sql`3`),
  ]);
  return { requests, reviews: matched };
}

/** The activity of the rows that belong to one team or person. */
export function activityOf(rows: ActivityRows, belongs: (row: { teamId: number | null; staffId: number | null }) => boolean): Activity {
  return { requests: rows.requests.filter(belongs), reviews: rows.reviews.filter(belongs) };
}

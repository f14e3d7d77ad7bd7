import { and, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { reviewRequests, reviews } from '../db/schema.ts';
import { LIVE_REVIEW } from '../reviews/store.ts';
import { COUNTED_FOR_TEAM } from '../scoring.ts';
import type { Activity } from './fair-score.ts';

// What the fair score is computed from, loaded per day in the workspace's time zone: requests by team,
// person, day logged and day the customer was seen; matched reviews by team, person and day written.
// Unmatched reviews are not loaded: they count for nobody.

export interface RequestRow {
  teamId: number | null;
  staffId: number;
  loggedOn: string;
  sawCustomerOn: string | null;
  count: number;
}

export interface ReviewRow {
  teamId: number | null;
  /** The person whose request the review was matched to; null for a review given to a team only. */
  staffId: number | null;
  writtenOn: string;
  count: number;
}

export interface ActivityRows {
  requests: RequestRow[];
  reviews: ReviewRow[];
}

export async function loadActivity(db: Db, workspaceId: number, since: Date, timeZone: string): Promise<ActivityRows> {
  const loggedOn = sql<string>`((${reviewRequests.createdAt} AT TIME ZONE ${timeZone})::date)::text`;
  const writtenOn = sql<string>`((${reviews.createTime} AT TIME ZONE ${timeZone})::date)::text`;
  const [requests, matched] = await Promise.all([
    db
      .select({ teamId: reviewRequests.teamId, staffId: reviewRequests.staffId, loggedOn, sawCustomerOn: reviewRequests.interactionDate, count: count() })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.workspaceId, workspaceId), gte(reviewRequests.createdAt, since)))
      .groupBy(sql`1`, sql`2`, sql`3`, sql`4`),
    db
      .select({ teamId: reviews.teamId, staffId: reviewRequests.staffId, writtenOn, count: count() })
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

import { and, count, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviewRequests, reviews, staff } from '#platform/db/schema.ts';

// The report's "By person" table and its CSV (issue 13): per person, the requests they logged, how
// many of those links the customer opened, and how many got a matched review. Counted as the report
// counts them (its "Matched" figure is the sum of "reviewed"), over every request of the workspace.

export interface PersonFunnel {
  staffId: number;
  firstName: string;
  /** Requests logged. */
  sent: number;
  /** Of those, links opened by the customer. */
  opened: number;
  /** Of those, requests with a matched review. */
  reviewed: number;
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Every person with at least one request, by first name. */
export async function personFunnel(db: Db, workspaceId: number): Promise<PersonFunnel[]> {
  const [rows, reviewedRows] = await Promise.all([
    db
      .select({ staffId: staff.id, firstName: staff.firstName, sent: count(), opened: count(reviewRequests.clickedAt) })
      .from(reviewRequests)
      .innerJoin(staff, and(eq(staff.id, reviewRequests.staffId), eq(staff.workspaceId, workspaceId)))
      .where(eq(reviewRequests.workspaceId, workspaceId))
      .groupBy(staff.id, staff.firstName),
    db
      .select({ staffId: reviewRequests.staffId, reviewed: countDistinct(reviewRequests.id) })
      .from(reviewRequests)
      .innerJoin(reviews, and(eq(reviews.requestId, reviewRequests.id), eq(reviews.workspaceId, workspaceId)))
      .where(and(eq(reviewRequests.workspaceId, workspaceId), inArray(reviews.matchStatus, ['auto_matched', 'self_confirmed', 'manual'])))
      .groupBy(reviewRequests.staffId),
  ]);
  const reviewed = new Map(reviewedRows.map((r) => [r.staffId, r.reviewed]));
  return rows
    .map((r) => ({ ...r, reviewed: reviewed.get(r.staffId) ?? 0 }))
    .sort((a, b) => collator.compare(a.firstName, b.firstName) || a.staffId - b.staffId);
}

import { and, count, countDistinct, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { deskCardScans, reviewRequests, reviews, staff } from '#platform/db/schema.ts';

// The report's "By person" table and its CSV (issue 13): per person, the requests they logged, how
// many of those links the customer opened, and how many got a matched review. Counted as the report
// counts them (its "Matched" figure is the sum of "reviewed"), over every request of the workspace.
// A customer who scans a person's desk card and goes on without a name is an open with no request
// (issue 29): counted in "opened" and, on its own, in `deskCardOpens`.

export interface PersonFunnel {
  staffId: number;
  firstName: string;
  /** Requests logged. */
  sent: number;
  /** Of those, links opened by the customer. */
  opened: number;
  /** Of those, requests with a matched review. */
  reviewed: number;
  /** Desk-card scans that became no request (the customer gave no name): included in `opened`. */
  deskCardOpens: number;
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Every person with at least one request or desk-card open, by first name. */
export async function personFunnel(db: Db, workspaceId: number): Promise<PersonFunnel[]> {
  const [rows, reviewedRows, scanRows] = await Promise.all([
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
    // A scan of a card that credited nobody when it was made (rotated, its person inactive) is no open.
    db
      .select({ staffId: staff.id, firstName: staff.firstName, opens: count() })
      .from(deskCardScans)
      .innerJoin(staff, and(eq(staff.id, deskCardScans.staffId), eq(staff.workspaceId, workspaceId)))
      .where(and(eq(deskCardScans.workspaceId, workspaceId), isNull(deskCardScans.requestId), eq(deskCardScans.credits, true)))
      .groupBy(staff.id, staff.firstName),
  ]);
  const reviewed = new Map(reviewedRows.map((r) => [r.staffId, r.reviewed]));
  const people = new Map<number, PersonFunnel>(rows.map((r) => [r.staffId, { ...r, reviewed: reviewed.get(r.staffId) ?? 0, deskCardOpens: 0 }]));
  for (const { staffId, firstName, opens } of scanRows) {
    const person = people.get(staffId) ?? { staffId, firstName, sent: 0, opened: 0, reviewed: 0, deskCardOpens: 0 };
    people.set(staffId, { ...person, opened: person.opened + opens, deskCardOpens: opens });
  }
  return [...people.values()].sort((a, b) => collator.compare(a.firstName, b.firstName) || a.staffId - b.staffId);
}

import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Db } from '#platform/db/database.ts';
import { announcedIfDone } from '#platform/live/publish.ts';
import { deskCardScans, reviewRequests, staff } from '#platform/db/schema.ts';
import type { Refusal } from '#contracts/refusal.ts';

// The admin's side of staff as people (issue 13, docs/decisions/032): list, rename, deactivate and
// merge. Nothing here deletes a person: a merged entry stays as a pointer to the person it became, so
// a request logged later with its email still finds them (staffIdFor).

/** A person as GET /api/admin/staff and the Staff card show them. */
export interface StaffMember {
  id: number;
  firstName: string;
  email: string;
  active: boolean;
  /** Requests logged by the person, whatever email they used. */
  requests: number;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export type StaffProblem = 'not_found' | 'merge_into_missing' | 'merge_into_self';

export const STAFF_NOT_FOUND = 'Staff member not found';

/** How the API answers a change of a person refused. */
export function staffRefusal(problem: StaffProblem): Refusal {
  switch (problem) {
    case 'not_found':
      return { status: 404, message: STAFF_NOT_FOUND };
    case 'merge_into_missing':
      return { status: 400, message: 'The person to merge into is not one of your staff', field: 'intoId' };
    case 'merge_into_self':
      return { status: 400, message: 'Choose someone else: a person cannot be merged into themselves', field: 'intoId' };
  }
}
export type StaffResult = { ok: true; staff: StaffMember } | { ok: false; problem: StaffProblem };

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

async function readStaff(db: Db, workspaceId: number, onlyId?: number): Promise<StaffMember[]> {
  const [people, counts] = await Promise.all([
    db
      .select({ id: staff.id, firstName: staff.firstName, email: staff.email, active: staff.active, createdAt: staff.createdAt })
      .from(staff)
      .where(and(eq(staff.workspaceId, workspaceId), isNull(staff.mergedIntoId), onlyId === undefined ? undefined : eq(staff.id, onlyId))),
    db
      .select({ staffId: reviewRequests.staffId, n: count() })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.workspaceId, workspaceId), onlyId === undefined ? undefined : eq(reviewRequests.staffId, onlyId)))
      .groupBy(reviewRequests.staffId),
  ]);
  const requests = new Map(counts.map((c) => [c.staffId, c.n]));
  return people
    .map((p) => ({ ...p, requests: requests.get(p.id) ?? 0, createdAt: p.createdAt.toISOString() }))
    .sort((a, b) => collator.compare(a.firstName, b.firstName) || a.id - b.id);
}

/** The workspace's people, by first name; entries merged into someone else are left out. */
export function listStaff(db: Db, workspaceId: number): Promise<StaffMember[]> {
  return readStaff(db, workspaceId);
}

/** One person of the workspace; null for another workspace's id or a merged entry. */
export async function getStaff(db: Db, workspaceId: number, id: number): Promise<StaffMember | null> {
  if (!isRowId(id)) return null;
  return (await readStaff(db, workspaceId, id))[0] ?? null;
}

/** Renames a person, or deactivates (a leaver) or reactivates them; their requests stay theirs. */
async function changeStaff(db: Db, workspaceId: number, id: number, changes: { firstName?: string; active?: boolean }): Promise<StaffResult> {
  if (!isRowId(id)) return { ok: false, problem: 'not_found' };
  const updated = await db
    .update(staff)
    .set(changes)
    .where(and(eq(staff.workspaceId, workspaceId), eq(staff.id, id), isNull(staff.mergedIntoId)))
    .returning({ id: staff.id });
  if (updated.length === 0) return { ok: false, problem: 'not_found' };
  return { ok: true, staff: (await getStaff(db, workspaceId, id))! };
}

/**
 * Merges entry `fromId` into person `intoId` (two emails of one person): every request of the entry
 * moves to the person, the entry becomes inactive and points at them (so its email logs to them from
 * now on), and entries merged into it before now point at the person too, keeping every chain one
 * step long. Both rows are locked first, so a request logged meanwhile waits and then lands on the
 * person (staffIdFor reads the entry FOR SHARE).
 */
async function mergeStaffRows(db: Db, workspaceId: number, fromId: number, intoId: number): Promise<StaffResult> {
  if (!isRowId(fromId)) return { ok: false, problem: 'not_found' };
  if (!isRowId(intoId)) return { ok: false, problem: 'merge_into_missing' };
  if (fromId === intoId) return { ok: false, problem: 'merge_into_self' };
  const problem = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.workspaceId, workspaceId), inArray(staff.id, [fromId, intoId]), isNull(staff.mergedIntoId)))
      .orderBy(staff.id)
      .for('update');
    if (!rows.some((r) => r.id === fromId)) return 'not_found' as const;
    if (!rows.some((r) => r.id === intoId)) return 'merge_into_missing' as const;
    await tx
      .update(reviewRequests)
      .set({ staffId: intoId })
      .where(and(eq(reviewRequests.workspaceId, workspaceId), eq(reviewRequests.staffId, fromId)));
    // Nameless desk-card scans are opens in the person's funnel: they follow the requests.
    await tx
      .update(deskCardScans)
      .set({ staffId: intoId })
      .where(and(eq(deskCardScans.workspaceId, workspaceId), eq(deskCardScans.staffId, fromId)));
    await tx
      .update(staff)
      .set({ mergedIntoId: intoId })
      .where(and(eq(staff.workspaceId, workspaceId), eq(staff.mergedIntoId, fromId)));
    await tx
      .update(staff)
      .set({ mergedIntoId: intoId, active: false })
      .where(and(eq(staff.workspaceId, workspaceId), eq(staff.id, fromId)));
    return null;
  });
  if (problem) return { ok: false, problem };
  return { ok: true, staff: (await getStaff(db, workspaceId, intoId))! };
}

/** Changes a person (see changeStaff) and announces it to every screen. */
export async function updateStaff(
  database: Database,
  workspaceId: number,
  id: number,
  changes: { firstName?: string; active?: boolean },
): Promise<StaffResult> {
  return announcedIfDone(database, workspaceId, await changeStaff(database.db, workspaceId, id, changes));
}

/** Merges two entries of one person (see mergeStaffRows) and announces it to every screen. */
export async function mergeStaff(database: Database, workspaceId: number, fromId: number, intoId: number): Promise<StaffResult> {
  return announcedIfDone(database, workspaceId, await mergeStaffRows(database.db, workspaceId, fromId, intoId));
}

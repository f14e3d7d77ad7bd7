import { and, eq } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { staff } from '#platform/db/schema.ts';

/** The key a staff email is known by: trimmed and lower-cased. */
export function staffEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The person a request logged with this staff email belongs to: created on the first request, and for
 * an entry the admin merged into another, that other person. The entry is read FOR SHARE, so inside
 * the logging transaction a merge running meanwhile (src/domain/game/staff/manage.ts) is waited for and seen.
 */
export async function staffIdFor(db: Db, workspaceId: number, email: string, firstName: string): Promise<number> {
  const key = staffEmailKey(email);
  await db
    .insert(staff)
    .values({ workspaceId, email: key, firstName })
    .onConflictDoNothing({ target: [staff.workspaceId, staff.email] });
  const [row] = await db
    .select({ id: staff.id, mergedIntoId: staff.mergedIntoId })
    .from(staff)
    .where(and(eq(staff.workspaceId, workspaceId), eq(staff.email, key)))
    .for('share');
  return row!.mergedIntoId ?? row!.id;
}

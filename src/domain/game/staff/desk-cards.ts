import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { deskCards, staff, workspaces } from '#platform/db/schema.ts';
import { newToken, TOKEN_PATTERN } from '#platform/tokens.ts';

// A person's desk card (issue 29): a QR code on the counter for that person's walk-in link /q/{token}.
// One live card per person; rotating revokes it and makes another. The token opens no data (the page
// shows only the business's name and logo), so it is kept as it is, like a review link's.

export function deskCardUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/q/${encodeURIComponent(token)}`;
}

/** A person of the workspace, or null (an id that cannot be a row is no person either). */
export async function personInWorkspace(db: Db, workspaceId: number, staffId: number) {
  if (!Number.isSafeInteger(staffId) || staffId < 1 || staffId > 2_147_483_647) return null;
  const [person] = await db
    .select({ id: staff.id, firstName: staff.firstName, active: staff.active })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.workspaceId, workspaceId)));
  return person ?? null;
}

async function liveToken(db: Pick<Db, 'select'>, staffId: number): Promise<string | null> {
  const [card] = await db
    .select({ token: deskCards.token })
    .from(deskCards)
    .where(and(eq(deskCards.staffId, staffId), isNull(deskCards.revokedAt)));
  return card?.token ?? null;
}

/** The person's live card's link, made on first ask; null for a person not in the workspace. */
export async function deskCardLink(db: Db, workspaceId: number, staffId: number, publicUrl: string): Promise<{ url: string } | null> {
  if (!(await personInWorkspace(db, workspaceId, staffId))) return null;
  const existing = await liveToken(db, staffId);
  if (existing) return { url: deskCardUrl(publicUrl, existing) };
  // Two first asks at once: the unique index on live cards lets one in; the other reads it.
  await db.insert(deskCards).values({ workspaceId, staffId, token: newToken() }).onConflictDoNothing();
  const token = await liveToken(db, staffId);
  return token ? { url: deskCardUrl(publicUrl, token) } : null;
}

/** Revokes the person's live card and makes a new one: the printed card stops crediting them. */
export async function rotateDeskCard(db: Db, workspaceId: number, staffId: number, publicUrl: string): Promise<{ url: string } | null> {
  if (!(await personInWorkspace(db, workspaceId, staffId))) return null;
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(deskCards)
      .set({ revokedAt: new Date() })
      .where(and(eq(deskCards.staffId, staffId), isNull(deskCards.revokedAt)));
    await tx.insert(deskCards).values({ workspaceId, staffId, token });
  });
  return { url: deskCardUrl(publicUrl, token) };
}

/** What a scanned card stands for: its business, its person, and whether it still credits them. */
export interface DeskCard {
  id: number;
  workspaceId: number;
  slug: string;
  businessName: string;
  staffId: number;
  staffFirstName: string;
  staffEmail: string;
  /** Why it credits nobody: a card rotated since, or a person no longer active; null when it credits them. */
  notCrediting: 'revoked' | 'inactive' | null;
}

export async function findDeskCard(db: Db, token: string): Promise<DeskCard | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      id: deskCards.id,
      workspaceId: deskCards.workspaceId,
      revokedAt: deskCards.revokedAt,
      slug: workspaces.slug,
      businessName: workspaces.businessName,
      staffId: staff.id,
      staffFirstName: staff.firstName,
      staffEmail: staff.email,
      active: staff.active,
      mergedIntoId: staff.mergedIntoId,
    })
    .from(deskCards)
    .innerJoin(workspaces, eq(workspaces.id, deskCards.workspaceId))
    .innerJoin(staff, eq(staff.id, deskCards.staffId))
    .where(eq(deskCards.token, token));
  if (!row) return null;
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    slug: row.slug,
    businessName: row.businessName,
    staffId: row.staffId,
    staffFirstName: row.staffFirstName,
    staffEmail: row.staffEmail,
    notCrediting: row.revokedAt ? 'revoked' : !row.active || row.mergedIntoId !== null ? 'inactive' : null,
  };
}

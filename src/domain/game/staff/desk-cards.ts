import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Database, Db } from '#platform/db/database.ts';
import { deskCards, reviewRequests, staff, workspaces } from '#platform/db/schema.ts';
import { announceDataChange } from '#platform/live/publish.ts';
import { newToken, TOKEN_PATTERN } from '#platform/tokens.ts';

// A person's desk card (issue 29): a QR code on the counter for that person's walk-in link /q/{token}.
// One live card per person; rotating revokes it and makes another. The token opens no data (the page
// shows only the business's name and logo), so it is kept as it is, like a review link's.

export function deskCardUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/q/${encodeURIComponent(token)}`;
}

/** A card's QR code as SVG paths: sharp at any print or screen size, and no script to draw it. */
export function deskCardQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0f172a', light: '#ffffff' } });
}

/**
 * The team a desk card credits: the one its person last logged a request for (null: none yet, the
 * workspace's own board). One rule for the request a visit makes and the wallboard that shows the card.
 */
export function creditedTeamId(workspaceId: number, staffId: typeof staff.id): SQL<number | null> {
  return sql<number | null>`(SELECT ${reviewRequests.teamId} FROM ${reviewRequests}
    WHERE ${reviewRequests.workspaceId} = ${workspaceId} AND ${reviewRequests.staffId} = ${staffId}
    ORDER BY ${reviewRequests.id} DESC LIMIT 1)`;
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

/**
 * The person's live card's link, made on first ask (and announced: a wallboard showing the team's
 * cards shows it); null for a person not in the workspace.
 */
export async function deskCardLink(database: Database, workspaceId: number, staffId: number, publicUrl: string): Promise<{ url: string } | null> {
  const { db } = database;
  if (!(await personInWorkspace(db, workspaceId, staffId))) return null;
  const existing = await liveToken(db, staffId);
  if (existing) return { url: deskCardUrl(publicUrl, existing) };
  // Two first asks at once: the unique index on live cards lets one in; the other reads it.
  const made = await db.insert(deskCards).values({ workspaceId, staffId, token: newToken() }).onConflictDoNothing().returning({ id: deskCards.id });
  const token = await liveToken(db, staffId);
  if (made.length) await announceDataChange(database, workspaceId);
  return token ? { url: deskCardUrl(publicUrl, token) } : null;
}

/** Revokes the person's live card and makes a new one: the printed card, and the one on the wallboards, stop crediting them. */
export async function rotateDeskCard(database: Database, workspaceId: number, staffId: number, publicUrl: string): Promise<{ url: string } | null> {
  const { db } = database;
  if (!(await personInWorkspace(db, workspaceId, staffId))) return null;
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(deskCards)
      .set({ revokedAt: new Date() })
      .where(and(eq(deskCards.staffId, staffId), isNull(deskCards.revokedAt)));
    await tx.insert(deskCards).values({ workspaceId, staffId, token });
  });
  await announceDataChange(database, workspaceId);
  return { url: deskCardUrl(publicUrl, token) };
}

/** A live card of an active person, as a wallboard's "Scan to review" panel shows it. */
export interface LiveDeskCard {
  staffId: number;
  firstName: string;
  token: string;
  /** The team the card credits (creditedTeamId). */
  teamId: number | null;
}

/** The workspace's live cards of active people, by first name. */
export async function liveDeskCards(db: Db, workspaceId: number): Promise<LiveDeskCard[]> {
  const rows = await db
    .select({ staffId: staff.id, firstName: staff.firstName, token: deskCards.token, teamId: creditedTeamId(workspaceId, staff.id) })
    .from(deskCards)
    .innerJoin(staff, eq(staff.id, deskCards.staffId))
    .where(and(eq(deskCards.workspaceId, workspaceId), isNull(deskCards.revokedAt), eq(staff.active, true), isNull(staff.mergedIntoId)));
  return rows.sort((a, b) => a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' }) || a.staffId - b.staffId);
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

/** The QR code of a live card that credits its person, for a wallboard's screen; null for any other token. */
export async function liveDeskCardQr(db: Db, token: string, publicUrl: string): Promise<string | null> {
  const card = await findDeskCard(db, token);
  return card && !card.notCrediting ? deskCardQrSvg(deskCardUrl(publicUrl, token)) : null;
}

/** Where a wallboard loads a card's QR code from (src/pages/api/q/[token]/qr.svg.ts). */
export function deskCardQrPath(token: string): string {
  return `/api/q/${encodeURIComponent(token)}/qr.svg`;
}

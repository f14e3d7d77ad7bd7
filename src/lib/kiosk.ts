import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from './db/database.ts';
import { kioskLinks, workspaces } from './db/schema.ts';
import { addUnderCap } from './db/workspace-cap.ts';
import { hashToken, newToken } from './tokens.ts';
import { workspaceColumns, type Workspace } from './workspaces.ts';

export const KIOSK_LABEL_MAX = 60;

export interface KioskLink {
  id: number;
  label: string;
  createdAt: Date;
  revokedAt: Date | null;
}

const columns = { id: kioskLinks.id, label: kioskLinks.label, createdAt: kioskLinks.createdAt, revokedAt: kioskLinks.revokedAt };

/** Creates a link; the token is returned this once and only its hash is kept. */
/** Live share links a workspace may have at once. */
export const MAX_KIOSK_LINKS = 50;

/** A new link, unless the workspace has MAX_KIOSK_LINKS live ones (null). `wallboardId`: a named wallboard's, or null for the workspace's own. */
export async function createKioskLink(db: Db, workspaceId: number, label: string, wallboardId: number | null = null): Promise<(KioskLink & { token: string }) | null> {
  const token = newToken();
  const added = await addUnderCap(
    db,
    workspaceId,
    MAX_KIOSK_LINKS,
    async (tx) => (await tx.select({ n: count() }).from(kioskLinks).where(and(eq(kioskLinks.workspaceId, workspaceId), isNull(kioskLinks.revokedAt))))[0]?.n ?? 0,
    async (tx) => (await tx.insert(kioskLinks).values({ workspaceId, label, wallboardId, tokenHash: hashToken(token) }).returning(columns))[0]!,
  );
  return added.ok ? { ...added.value, token } : null;
}

export function listKioskLinks(db: Db, workspaceId: number): Promise<KioskLink[]> {
  return db.select(columns).from(kioskLinks).where(eq(kioskLinks.workspaceId, workspaceId)).orderBy(desc(kioskLinks.createdAt), desc(kioskLinks.id));
}

/** Returns false when the workspace has no such link (or it was already revoked). */
export async function revokeKioskLink(db: Db, workspaceId: number, id: number): Promise<boolean> {
  const revoked = await db
    .update(kioskLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(kioskLinks.id, id), eq(kioskLinks.workspaceId, workspaceId), isNull(kioskLinks.revokedAt)))
    .returning({ id: kioskLinks.id });
  return revoked.length > 0;
}

/** The workspace a live (not revoked) kiosk token opens, or null. */
export async function resolveKioskToken(db: Db, token: string): Promise<{ workspace: Workspace; linkId: number; wallboardId: number | null } | null> {
  if (token.length < 16 || token.length > 100) return null;
  // One query: every screen of an office opens its stream with it, all at once after a restart.
  const [row] = await db
    .select({ linkId: kioskLinks.id, wallboardId: kioskLinks.wallboardId, workspace: workspaceColumns })
    .from(kioskLinks)
    .innerJoin(workspaces, eq(workspaces.id, kioskLinks.workspaceId))
    .where(and(eq(kioskLinks.tokenHash, hashToken(token)), isNull(kioskLinks.revokedAt)));
  return row ?? null;
}

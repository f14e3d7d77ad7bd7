import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Db } from '#platform/db/database.ts';
import { publishLiveEvent } from '#platform/live/publish.ts';
import { dashboardSnapshots, type KeyedSnapshots } from '#platform/live/dashboard-snapshots.ts';
import { kioskLinks, workspaces } from '#platform/db/schema.ts';
import { addUnderCap } from '#platform/db/workspace-cap.ts';
import { hashToken, newToken } from '#platform/tokens.ts';
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
export async function createKioskLink(
  db: Db,
  workspaceId: number,
  label: string,
  wallboardId: number | null = null,
): Promise<(KioskLink & { token: string }) | null> {
  const token = newToken();
  const added = await addUnderCap(
    db,
    workspaceId,
    MAX_KIOSK_LINKS,
    async (tx) =>
      (
        await tx
          .select({ n: count() })
          .from(kioskLinks)
          .where(and(eq(kioskLinks.workspaceId, workspaceId), isNull(kioskLinks.revokedAt)))
      )[0]?.n ?? 0,
    async (tx) =>
      (
        await tx
          .insert(kioskLinks)
          .values({ workspaceId, label, wallboardId, tokenHash: hashToken(token) })
          .returning(columns)
      )[0]!,
  );
  return added.ok ? { ...added.value, token } : null;
}

export function listKioskLinks(db: Db, workspaceId: number): Promise<KioskLink[]> {
  return db.select(columns).from(kioskLinks).where(eq(kioskLinks.workspaceId, workspaceId)).orderBy(desc(kioskLinks.createdAt), desc(kioskLinks.id));
}

/**
 * Revokes a TV link and ends its open streams on every instance. False when the workspace has no such
 * link (or it was already revoked).
 */
export async function revokeKioskLink(database: Database, workspaceId: number, id: number): Promise<boolean> {
  const db = database.db;
  const revoked = await db
    .update(kioskLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(kioskLinks.id, id), eq(kioskLinks.workspaceId, workspaceId), isNull(kioskLinks.revokedAt)))
    .returning({ id: kioskLinks.id });
  if (revoked.length === 0) return false;
  await publishLiveEvent(database, { workspaceId, event: 'kiosk_revoked', kioskLinkId: id });
  return true;
}

export interface KioskAccess {
  workspace: Workspace;
  linkId: number;
  wallboardId: number | null;
}

/**
 * The workspace a live (not revoked) kiosk token opens, or null. Every screen of an office opens its
 * stream with the same link, all at once after a restart: a link read is kept for a moment and shared
 * (src/platform/live/dashboard-snapshots.ts), and dropped by the workspace's next live notice, a revocation's
 * among them.
 */
export async function resolveKioskToken(database: Database, token: string): Promise<KioskAccess | null> {
  if (token.length < 16 || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const links = dashboardSnapshots(database).kioskLinks as KeyedSnapshots<KioskAccess>;
  return links.get(tokenHash, async () => {
    const [row] = await database.db
      .select({ linkId: kioskLinks.id, wallboardId: kioskLinks.wallboardId, workspace: workspaceColumns })
      .from(kioskLinks)
      .innerJoin(workspaces, eq(workspaces.id, kioskLinks.workspaceId))
      .where(and(eq(kioskLinks.tokenHash, tokenHash), isNull(kioskLinks.revokedAt)));
    return row ? { workspaceId: row.workspace.id, value: row } : null;
  });
}

import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { sessions, workspaces } from '#platform/db/schema.ts';
import { hashToken, newToken } from '#platform/tokens.ts';
import { workspaceColumns, type Workspace } from '../workspaces.ts';
import { readSessionToken, SESSION_TTL_SECONDS, signSessionToken, type Session } from './session.ts';

// Sessions live on the server: the cookie only names one, so signing out, a password change or an
// expired record ends it at once, on every instance.

/** Starts a session and answers the cookie value that names it. */
export async function startSession(db: Db, key: Uint8Array, workspaceId: number, admin: boolean): Promise<string> {
  const sessionId = newToken();
  const now = new Date();
  await db.delete(sessions).where(and(eq(sessions.workspaceId, workspaceId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    id: hashToken(sessionId),
    workspaceId,
    admin,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
  });
  return signSessionToken({ sessionId, workspaceId }, key);
}

/** The session a cookie names and its workspace, or null when it was ended, expired or forged. */
export async function resumeSession(db: Db, key: Uint8Array, cookie: string | undefined): Promise<{ session: Session; workspace: Workspace } | null> {
  const token = await readSessionToken(cookie, key);
  if (!token) return null;
  const id = hashToken(token.sessionId);
  const [row] = await db
    .select({
      admin: sessions.admin,
      workspace: workspaceColumns,
    })
    .from(sessions)
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .where(and(eq(sessions.id, id), eq(sessions.workspaceId, token.workspaceId), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  return { session: { id, workspaceId: row.workspace.id, slug: row.workspace.slug, admin: row.admin }, workspace: row.workspace };
}

export async function endSession(db: Db, session: Session): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, session.id));
}

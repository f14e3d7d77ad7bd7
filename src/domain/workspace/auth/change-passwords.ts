import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { sessions, workspaces } from '#platform/db/schema.ts';
import { hashPassword } from '#platform/passwords.ts';

// The one way a workspace's passwords change: from the admin panel (PUT /api/admin/passwords) and
// from a reset link (POST /api/auth/reset-password). The sessions that used an old password end.

export interface NewPasswords {
  staffPassword?: string;
  adminPassword?: string;
}

export interface HashedPasswords {
  staffPasswordHash?: string;
  adminPasswordHash?: string;
}

/** Hashes the new passwords (slow on purpose: do it before any transaction). */
export async function hashNewPasswords(passwords: NewPasswords): Promise<HashedPasswords> {
  const [staff, admin] = await Promise.all([
    passwords.staffPassword === undefined ? undefined : hashPassword(passwords.staffPassword),
    passwords.adminPassword === undefined ? undefined : hashPassword(passwords.adminPassword),
  ]);
  return { ...(staff ? { staffPasswordHash: staff } : {}), ...(admin ? { adminPasswordHash: admin } : {}) };
}

/**
 * Stores already hashed passwords and ends what used the old ones: a new staff password ends every
 * session of the workspace, a new admin password takes the admin right from every session. The
 * session `keepSessionId` names (the admin who made the change) is left alone; null keeps none.
 */
export async function storePasswords(db: Db, workspaceId: number, hashed: HashedPasswords, keepSessionId: string | null): Promise<void> {
  if (!hashed.staffPasswordHash && !hashed.adminPasswordHash) return;
  await db.update(workspaces).set(hashed).where(eq(workspaces.id, workspaceId));
  const others = keepSessionId === null ? eq(sessions.workspaceId, workspaceId) : and(eq(sessions.workspaceId, workspaceId), ne(sessions.id, keepSessionId));
  if (hashed.staffPasswordHash) await db.delete(sessions).where(others);
  else await db.update(sessions).set({ admin: false }).where(others);
}

/** New staff and/or admin passwords, and the sessions that used an old one end. */
export async function changePasswords(db: Db, workspaceId: number, passwords: NewPasswords, keepSessionId: string | null): Promise<void> {
  const hashed = await hashNewPasswords(passwords);
  await db.transaction((tx) => storePasswords(tx, workspaceId, hashed, keepSessionId));
}

import { eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '#platform/passwords.ts';
import type { Db } from '#platform/db/database.ts';
import { settings, teams, workspaces } from '#platform/db/schema.ts';
import type { Plan } from '#shared/plans.ts';
import { isSlug } from '#shared/rules.ts';
import { UNKNOWN_TEAM_COLOR, UNKNOWN_TEAM_NAME } from '#shared/team-rules.ts';
import { checkSettingValue, DEFAULT_TARGET_REVIEWS, DEFAULT_TIMEZONE } from '#shared/settings-rules.ts';

/** The workspace's Unknown team's row, in a query of `teams` (src/shared/team-rules.ts: no other team takes its name in any case). */
export const unknownTeamRow = sql`lower(${teams.name}) = lower(${UNKNOWN_TEAM_NAME})`;

/** Settings every new workspace starts with, so the generic settings card can edit them. */
export const DEFAULT_SETTINGS: Readonly<Record<string, string>> = {
  target_reviews: String(DEFAULT_TARGET_REVIEWS),
  google_review_link: '',
  timezone: DEFAULT_TIMEZONE,
};

export interface Workspace {
  id: number;
  slug: string;
  businessName: string;
  adminEmail: string;
  /** The plan in force: the free plan once a trial has ended. */
  plan: Plan;
  createdAt: Date;
  trialEndsAt: Date | null;
}

export interface Registration {
  slug: string;
  businessName: string;
  email: string;
  password: string;
  adminPassword: string;
  /** The registering browser's time zone; the default when missing or not one of the listed zones. */
  timezone?: string | undefined;
}

/** The columns of a Workspace (never the password hashes). */
export const workspaceColumns = {
  id: workspaces.id,
  slug: workspaces.slug,
  businessName: workspaces.businessName,
  adminEmail: workspaces.adminEmail,
  plan: sql<Plan>`CASE WHEN ${workspaces.trialEndsAt} IS NOT NULL AND ${workspaces.trialEndsAt} <= now() THEN 'free' ELSE ${workspaces.plan} END`,
  createdAt: workspaces.createdAt,
  trialEndsAt: workspaces.trialEndsAt,
};

/** Creates the workspace with its "Unknown" team and default settings; null when the slug is taken. */
export async function registerWorkspace(db: Db, registration: Registration, plan: Plan, trialEndsAt: Date | null = null): Promise<Workspace | null> {
  const [staffHash, adminHash] = await Promise.all([hashPassword(registration.password), hashPassword(registration.adminPassword)]);
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values({
        slug: registration.slug,
        businessName: registration.businessName,
        adminEmail: registration.email,
        staffPasswordHash: staffHash,
        adminPasswordHash: adminHash,
        plan,
        trialEndsAt,
      })
      .onConflictDoNothing({ target: workspaces.slug })
      .returning(workspaceColumns);
    if (!workspace) return null;
    await tx.insert(teams).values({ workspaceId: workspace.id, name: UNKNOWN_TEAM_NAME, color: UNKNOWN_TEAM_COLOR });
    const zone = checkSettingValue('timezone', registration.timezone ?? '');
    const starting = { ...DEFAULT_SETTINGS, ...(zone.ok ? { timezone: zone.value } : {}) };
    await tx.insert(settings).values(Object.entries(starting).map(([key, value]) => ({ workspaceId: workspace.id, key, value })));
    return workspace;
  });
}

/** The workspace at a slug; null for none, and for text no slug can be (a NUL would fail the query). */
export async function findWorkspaceBySlug(db: Db, slug: string): Promise<Workspace | null> {
  if (!isSlug(slug)) return null;
  const [row] = await db.select(workspaceColumns).from(workspaces).where(eq(workspaces.slug, slug));
  return row ?? null;
}

export async function findWorkspaceById(db: Db, id: number): Promise<Workspace | null> {
  const [row] = await db.select(workspaceColumns).from(workspaces).where(eq(workspaces.id, id));
  return row ?? null;
}

export async function checkPassword(db: Db, workspaceId: number, kind: 'staff' | 'admin', password: string): Promise<boolean> {
  const [row] = await db
    .select({ staff: workspaces.staffPasswordHash, admin: workspaces.adminPasswordHash })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row ? verifyPassword(password, row[kind]) : false;
}

/** A new business name and/or admin email; answers both as stored now. */
export async function updateAccount(
  db: Db,
  workspaceId: number,
  change: { businessName?: string; email?: string },
): Promise<{ businessName: string; email: string } | null> {
  const values = {
    ...(change.businessName !== undefined ? { businessName: change.businessName } : {}),
    ...(change.email !== undefined ? { adminEmail: change.email } : {}),
  };
  const [row] = await db
    .update(workspaces)
    .set(values)
    .where(eq(workspaces.id, workspaceId))
    .returning({ businessName: workspaces.businessName, email: workspaces.adminEmail });
  return row ?? null;
}

/** Returns false when no workspace has that slug. */
export async function setWorkspacePlan(db: Db, slug: string, plan: Plan): Promise<boolean> {
  // The operator's choice holds: no trial runs out under it.
  const updated = await db.update(workspaces).set({ plan, trialEndsAt: null }).where(eq(workspaces.slug, slug)).returning({ id: workspaces.id });
  return updated.length > 0;
}

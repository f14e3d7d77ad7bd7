import { and, asc, count, eq } from 'drizzle-orm';
import type { Database, Db } from '#platform/db/database.ts';
import { announceDataChange, announcedIfDone, publishLiveEvent } from '#platform/live/publish.ts';
import { teams, wallboards } from '#platform/db/schema.ts';
import { addUnderCap } from '#platform/db/workspace-cap.ts';
import { PLAN_LIMIT_MESSAGES, PLAN_LIMITS, type Plan } from '#shared/plans.ts';
import type { Refusal } from '#contracts/refusal.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';

// Wallboards as things (issue 12, Agency): the workspace's own wallboard is not a row (its teams have
// no wallboard); each named wallboard is, with its own teams, target, weekly goal and share links.

export interface Wallboard {
  id: number;
  name: string;
  /** Null: the workspace's target. */
  targetReviews: number | null;
  weeklyGoal: number | null;
  /** Teams on it besides "Unknown". */
  teams: number;
  /** Present when over the plan's wallboard limit (after a downgrade): kept and shown, not changed. */
  readOnly?: true;
}

export const WALLBOARD_NOT_FOUND = 'Wallboard not found';

export type WallboardProblem = 'not_found' | 'plan_limit' | 'read_only';

/** How the API answers a wallboard change refused. */
export function wallboardRefusal(problem: WallboardProblem, plan: Plan): Refusal {
  const allowed = PLAN_LIMITS[plan].wallboards ?? 1;
  switch (problem) {
    case 'not_found':
      return { status: 404, message: WALLBOARD_NOT_FOUND };
    case 'plan_limit':
      return { status: 403, message: PLAN_LIMIT_MESSAGES.wallboards(plan, allowed), planLimit: 'wallboards' };
    case 'read_only':
      return { status: 403, message: PLAN_LIMIT_MESSAGES.wallboardReadOnly(plan, allowed), planLimit: 'wallboards' };
  }
}
export type WallboardResult = { ok: true; wallboard: Wallboard } | { ok: false; problem: WallboardProblem };

/** Named wallboards the plan allows: its wallboards less the workspace's own. */
export function namedWallboardLimit(plan: Plan): number {
  return Math.max(0, (PLAN_LIMITS[plan].wallboards ?? 1) - 1);
}

/** Named wallboards over the plan's limit: the oldest stay editable, the newest become read-only. */
export function readOnlyWallboardIds(rows: readonly { id: number }[], plan: Plan): Set<number> {
  return new Set(
    [...rows]
      .sort((a, b) => a.id - b.id)
      .slice(namedWallboardLimit(plan))
      .map((w) => w.id),
  );
}

const columns = { id: wallboards.id, name: wallboards.name, targetReviews: wallboards.targetReviews, weeklyGoal: wallboards.weeklyGoal };

export async function listWallboards(db: Db, workspace: Workspace): Promise<Wallboard[]> {
  const [rows, teamCounts] = await Promise.all([
    db.select(columns).from(wallboards).where(eq(wallboards.workspaceId, workspace.id)).orderBy(asc(wallboards.id)),
    db.select({ wallboardId: teams.wallboardId, n: count() }).from(teams).where(eq(teams.workspaceId, workspace.id)).groupBy(teams.wallboardId),
  ]);
  const readOnly = readOnlyWallboardIds(rows, workspace.plan);
  return rows.map((row) => ({
    ...row,
    teams: teamCounts.find((c) => c.wallboardId === row.id)?.n ?? 0,
    ...(readOnly.has(row.id) ? { readOnly: true as const } : {}),
  }));
}

/** The ids of the workspace's wallboards over its plan's limit (readOnlyWallboardIds). */
export async function readOnlyWallboards(db: Db, workspace: Workspace): Promise<Set<number>> {
  return readOnlyWallboardIds(await db.select({ id: wallboards.id }).from(wallboards).where(eq(wallboards.workspaceId, workspace.id)), workspace.plan);
}

/** The named wallboard when it belongs to the workspace; null for any other id. */
export async function findWallboard(db: Db, workspace: Workspace, id: number): Promise<Wallboard | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  return (await listWallboards(db, workspace)).find((w) => w.id === id) ?? null;
}

/**
 * The wallboard a `?wallboard=ID` query asks for: null when none is asked (the workspace's own),
 * undefined when the id is none of the workspace's named wallboards.
 */
export async function askedWallboard(db: Db, workspace: Workspace, asked: string | null): Promise<Wallboard | null | undefined> {
  if (asked === null) return null;
  return (/^\d{1,10}$/.test(asked) && (await findWallboard(db, workspace, Number(asked)))) || undefined;
}

/** The named wallboard a team of the workspace is on; null for the workspace's own (or no such team). */
export async function wallboardOfTeam(db: Db, workspace: Workspace, teamId: number): Promise<Wallboard | null> {
  const [team] = await db
    .select({ wallboardId: teams.wallboardId })
    .from(teams)
    .where(and(eq(teams.workspaceId, workspace.id), eq(teams.id, teamId)));
  return team?.wallboardId ? findWallboard(db, workspace, team.wallboardId) : null;
}

export async function createWallboard(
  db: Db,
  workspace: Workspace,
  input: { name: string; targetReviews?: number | null; weeklyGoal?: number | null },
): Promise<WallboardResult> {
  const added = await addUnderCap(
    db,
    workspace.id,
    namedWallboardLimit(workspace.plan),
    async (tx) => (await tx.select({ n: count() }).from(wallboards).where(eq(wallboards.workspaceId, workspace.id)))[0]?.n ?? 0,
    async (tx) =>
      (
        await tx
          .insert(wallboards)
          .values({ workspaceId: workspace.id, name: input.name, targetReviews: input.targetReviews ?? null, weeklyGoal: input.weeklyGoal ?? null })
          .returning(columns)
      )[0]!,
  );
  if (!added.ok) return { ok: false, problem: added.problem === 'limit_reached' ? 'plan_limit' : 'not_found' };
  return { ok: true, wallboard: { ...added.value, teams: 0 } };
}

async function changeWallboard(
  db: Db,
  workspace: Workspace,
  id: number,
  input: { name?: string; targetReviews?: number | null; weeklyGoal?: number | null },
): Promise<WallboardResult> {
  const found = await findWallboard(db, workspace, id);
  if (!found) return { ok: false, problem: 'not_found' };
  if (found.readOnly) return { ok: false, problem: 'read_only' };
  await db
    .update(wallboards)
    .set(input)
    .where(and(eq(wallboards.workspaceId, workspace.id), eq(wallboards.id, id)));
  return { ok: true, wallboard: (await findWallboard(db, workspace, id))! };
}

/** Deletes a named wallboard: its teams go back to the workspace's own, its share links end with it. */
async function removeWallboard(db: Db, workspace: Workspace, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
  const deleted = await db
    .delete(wallboards)
    .where(and(eq(wallboards.workspaceId, workspace.id), eq(wallboards.id, id)))
    .returning({ id: wallboards.id });
  return deleted.length > 0;
}

/** Changes a named wallboard (see changeWallboard) and announces it to every screen. */
export async function updateWallboard(
  database: Database,
  workspace: Workspace,
  id: number,
  input: Parameters<typeof changeWallboard>[3],
): Promise<WallboardResult> {
  return announcedIfDone(database, workspace.id, await changeWallboard(database.db, workspace, id, input));
}

/**
 * Deletes a named wallboard (see removeWallboard): its TV links went with it, so their open streams end
 * now, as a revoked link's do, and every other screen hears of the change. False when there was none.
 */
export async function deleteWallboard(database: Database, workspace: Workspace, id: number): Promise<boolean> {
  if (!(await removeWallboard(database.db, workspace, id))) return false;
  await publishLiveEvent(database, { workspaceId: workspace.id, event: 'wallboard_deleted', wallboardId: id });
  await announceDataChange(database, workspace.id);
  return true;
}

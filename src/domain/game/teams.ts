import { and, count, eq, isNull, not, sql } from 'drizzle-orm';
import type { Database, Db } from '#platform/db/database.ts';
import { announcedIfDone } from '#platform/live/publish.ts';
import { teams } from '#platform/db/schema.ts';
import { addUnderCap } from '#platform/db/workspace-cap.ts';
import { PLAN_LIMIT_MESSAGES, PLAN_LIMITS, teamsPerWallboard, type Plan } from '#shared/plans.ts';
import type { Refusal } from '#contracts/refusal.ts';
import { challengeSettings, teamScores } from '#domain/reviews/scoring.ts';
import { isUnknownTeamName, type TeamColor, UNKNOWN_TEAM_NAME } from '#shared/team-rules.ts';
import { findWallboard, readOnlyWallboards, WALLBOARD_NOT_FOUND } from './wallboards.ts';
import { unknownTeamRow, type Workspace } from '#domain/workspace/workspaces.ts';

/** A team as the admin card and GET /api/teams show it. */
export interface Team {
  id: number;
  name: string;
  color: string;
  /** Reviews counted for the team in the challenge window (decision 011). */
  reviews: number;
  /** Present when the team has a weekly goal of its own (reviews per week). */
  weeklyGoal?: number;
  /** Present when the team is on one of the workspace's named wallboards (Agency), not its own. */
  wallboardId?: number;
  /** Present when over the plan's team limit (after a downgrade or an ended trial): kept and shown, not changed or logged to. */
  readOnly?: true;
}

export type TeamProblem =
  | 'not_found'
  | 'duplicate_name'
  | 'reserved_name'
  | 'unknown_locked'
  | 'plan_limit'
  | 'read_only'
  | 'wallboard_not_found'
  | 'wallboard_read_only';

export const TEAM_PROBLEM_MESSAGES: Record<Exclude<TeamProblem, 'not_found' | 'plan_limit' | 'read_only' | 'wallboard_read_only'>, string> = {
  wallboard_not_found: WALLBOARD_NOT_FOUND,
  duplicate_name: 'A team with this name already exists',
  reserved_name: `The name "${UNKNOWN_TEAM_NAME}" is kept for reviews that match no team`,
  unknown_locked: `The "${UNKNOWN_TEAM_NAME}" team holds unmatched reviews and cannot be renamed or deleted`,
};

export type TeamResult = { ok: true; team: Team } | { ok: false; problem: TeamProblem };

const teamColumns = { id: teams.id, name: teams.name, color: teams.color, weeklyGoal: teams.weeklyGoal };
type TeamRow = { id: number; name: string; color: string; weeklyGoal: number | null };

const isUnknown = (team: { name: string }) => isUnknownTeamName(team.name);

/**
 * The ids of the teams over the plan's limit: every team of a read-only wallboard (one over the
 * plan's wallboards), and on the others, wallboard by wallboard, the newest beyond the plan's teams
 * (the oldest stay usable). Nothing is deleted, so an upgrade (or deleting a team) brings them back.
 */
export function readOnlyTeamIds(
  teamRows: readonly { id: number; name: string; wallboardId?: number | null }[],
  plan: Plan,
  readOnlyWallboards: ReadonlySet<number> = new Set(),
): Set<number> {
  const readOnly = new Set<number>();
  const byWallboard = new Map<number | null, { id: number }[]>();
  for (const team of teamRows.filter((t) => !isUnknown(t)).sort((a, b) => a.id - b.id)) {
    const key = team.wallboardId ?? null;
    if (key !== null && readOnlyWallboards.has(key)) readOnly.add(team.id);
    else byWallboard.set(key, [...(byWallboard.get(key) ?? []), team]);
  }
  for (const group of byWallboard.values()) for (const team of group.slice(teamsPerWallboard(plan))) readOnly.add(team.id);
  return readOnly;
}

/** readOnlyTeamIds of the workspace's teams, with its wallboards as its plan leaves them. */
async function readOnlyTeamsOf(
  db: Db,
  workspace: Workspace,
  teamRows: readonly { id: number; name: string; wallboardId: number | null }[],
): Promise<Set<number>> {
  return readOnlyTeamIds(teamRows, workspace.plan, await readOnlyWallboards(db, workspace));
}

/** The answer's message for a plan limit problem. */
export function planProblemMessage(problem: 'plan_limit' | 'read_only', plan: Plan): string {
  const limit = teamsPerWallboard(plan);
  return problem === 'plan_limit' ? PLAN_LIMIT_MESSAGES.teams(plan, limit) : PLAN_LIMIT_MESSAGES.teamReadOnly(plan, limit);
}

export const TEAM_NOT_FOUND = 'Team not found';

/** How the API answers a team change refused. */
export function teamRefusal(problem: TeamProblem, plan: Plan): Refusal {
  switch (problem) {
    case 'not_found':
      return { status: 404, message: TEAM_NOT_FOUND };
    case 'duplicate_name':
      return { status: 409, message: TEAM_PROBLEM_MESSAGES.duplicate_name, field: 'name' };
    case 'reserved_name':
      return { status: 400, message: TEAM_PROBLEM_MESSAGES.reserved_name, field: 'name' };
    case 'unknown_locked':
      return { status: 400, message: TEAM_PROBLEM_MESSAGES.unknown_locked };
    case 'wallboard_not_found':
      return { status: 400, message: TEAM_PROBLEM_MESSAGES.wallboard_not_found, field: 'wallboardId' };
    case 'plan_limit':
    case 'read_only':
      return { status: 403, message: planProblemMessage(problem, plan), planLimit: 'teams' };
    case 'wallboard_read_only':
      return { status: 403, message: PLAN_LIMIT_MESSAGES.wallboardReadOnly(plan, PLAN_LIMITS[plan].wallboards ?? 1), planLimit: 'wallboards' };
  }
}

/**
 * The workspace's teams sorted by name, each with its counted reviews: the wallboard's own count
 * (src/domain/reviews/scoring.ts, decision 011), so the admin card and the wallboard always agree.
 */
export async function listTeams(db: Db, workspace: Workspace): Promise<Team[]> {
  const { start } = await challengeSettings(db, workspace);
  const scores = await teamScores(db, workspace, start);
  const readOnly = await readOnlyTeamsOf(db, workspace, scores);
  return scores.map(({ id, name, color, reviews, weeklyGoal, wallboardId }) => ({
    id,
    name,
    color,
    reviews,
    ...(weeklyGoal !== null ? { weeklyGoal } : {}),
    ...(wallboardId !== null ? { wallboardId } : {}),
    ...(readOnly.has(id) ? { readOnly: true as const } : {}),
  }));
}

/** Whether the team is over the plan's limit (see readOnlyTeamIds). */
export async function isTeamReadOnly(db: Db, workspace: Workspace, teamId: number): Promise<boolean> {
  const rows = await db.select({ id: teams.id, name: teams.name, wallboardId: teams.wallboardId }).from(teams).where(eq(teams.workspaceId, workspace.id));
  return (await readOnlyTeamsOf(db, workspace, rows)).has(teamId);
}

/** The team when it belongs to the workspace; null for any other id (fails closed). */
export async function getTeamInWorkspace(db: Db, workspaceId: number, teamId: number): Promise<TeamRow | null> {
  if (!Number.isSafeInteger(teamId) || teamId < 1 || teamId > 2_147_483_647) return null;
  const [row] = await db
    .select(teamColumns)
    .from(teams)
    .where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, teamId)));
  return row ?? null;
}

async function nameTaken(db: Db, workspaceId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.workspaceId, workspaceId), sql`lower(${teams.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

/** PostgreSQL's unique_violation, raised by the (workspace_id, lower(name)) index when two writes race. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function withCount(db: Db, workspace: Workspace, team: TeamRow): Promise<Team> {
  const counted = (await listTeams(db, workspace)).find((t) => t.id === team.id);
  return { ...teamAnswer(team, counted?.wallboardId ?? null), reviews: counted?.reviews ?? 0 };
}

/** A stored team as the API answers it: optional fields only when set. */
function teamAnswer({ weeklyGoal, ...team }: TeamRow, wallboardId: number | null): Team {
  return { ...team, reviews: 0, ...(weeklyGoal !== null ? { weeklyGoal } : {}), ...(wallboardId !== null ? { wallboardId } : {}) };
}

/** Teams (besides "Unknown") on one wallboard: null is the workspace's own. */
function onWallboard(workspaceId: number, wallboardId: number | null) {
  return and(eq(teams.workspaceId, workspaceId), wallboardId === null ? isNull(teams.wallboardId) : eq(teams.wallboardId, wallboardId), not(unknownTeamRow));
}

/** Creates a team; `name` must already pass teamNameProblem and `color` be one of the six. */
async function insertTeam(
  db: Db,
  workspace: Workspace,
  input: { name: string; color: TeamColor; wallboardId?: number | null; weeklyGoal?: number | null },
): Promise<TeamResult> {
  const name = input.name.trim();
  const wallboardId = input.wallboardId ?? null;
  if (isUnknownTeamName(name)) return { ok: false, problem: 'reserved_name' };
  if (wallboardId !== null) {
    const wallboard = await findWallboard(db, workspace, wallboardId);
    if (!wallboard) return { ok: false, problem: 'wallboard_not_found' };
    // A wallboard over the plan's limit keeps its teams as they are: none is added to it.
    if (wallboard.readOnly) return { ok: false, problem: 'wallboard_read_only' };
  }
  if (await nameTaken(db, workspace.id, name)) return { ok: false, problem: 'duplicate_name' };
  const limit = teamsPerWallboard(workspace.plan);
  try {
    const added = await addUnderCap(
      db,
      workspace.id,
      limit,
      async (tx) => (await tx.select({ n: count() }).from(teams).where(onWallboard(workspace.id, wallboardId)))[0]?.n ?? 0,
      async (tx) =>
        (
          await tx
            .insert(teams)
            .values({ workspaceId: workspace.id, name, color: input.color, wallboardId, weeklyGoal: input.weeklyGoal ?? null })
            .returning(teamColumns)
        )[0]!,
    );
    if (!added.ok) return { ok: false, problem: added.problem === 'limit_reached' ? 'plan_limit' : added.problem };
    return { ok: true, team: teamAnswer(added.value, wallboardId) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, problem: 'duplicate_name' };
    throw error;
  }
}

/** Renames and/or recolours a team of the workspace. "Unknown" keeps its name (its colour may change). */
async function changeTeam(
  db: Db,
  workspace: Workspace,
  teamId: number,
  input: { name?: string; color?: TeamColor; weeklyGoal?: number | null },
): Promise<TeamResult> {
  const team = await getTeamInWorkspace(db, workspace.id, teamId);
  if (!team) return { ok: false, problem: 'not_found' };
  const name = input.name?.trim();
  const renaming = name !== undefined && name !== team.name;
  if (renaming && isUnknown(team)) return { ok: false, problem: 'unknown_locked' };
  if (await isTeamReadOnly(db, workspace, team.id)) return { ok: false, problem: 'read_only' };
  if (renaming && isUnknownTeamName(name)) return { ok: false, problem: 'reserved_name' };
  if (renaming && (await nameTaken(db, workspace.id, name, team.id))) return { ok: false, problem: 'duplicate_name' };
  const changes = {
    ...(renaming ? { name } : {}),
    ...(input.color ? { color: input.color } : {}),
    ...(input.weeklyGoal !== undefined ? { weeklyGoal: input.weeklyGoal } : {}),
  };
  if (Object.keys(changes).length === 0) return { ok: true, team: await withCount(db, workspace, team) };
  try {
    const [updated] = await db
      .update(teams)
      .set(changes)
      .where(and(eq(teams.workspaceId, workspace.id), eq(teams.id, team.id)))
      .returning(teamColumns);
    if (!updated) return { ok: false, problem: 'not_found' };
    return { ok: true, team: await withCount(db, workspace, updated) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, problem: 'duplicate_name' };
    throw error;
  }
}

/**
 * Deletes a team of the workspace. Its requests and reviews stay, with no team (the database sets
 * team_id to null), so its matched reviews then count for "Unknown".
 */
async function removeTeam(db: Db, workspaceId: number, teamId: number): Promise<{ ok: true } | { ok: false; problem: TeamProblem }> {
  const team = await getTeamInWorkspace(db, workspaceId, teamId);
  if (!team) return { ok: false, problem: 'not_found' };
  if (isUnknown(team)) return { ok: false, problem: 'unknown_locked' };
  const deleted = await db
    .delete(teams)
    .where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, team.id)))
    .returning({ id: teams.id });
  return deleted.length ? { ok: true } : { ok: false, problem: 'not_found' };
}

/** Creates a team (see insertTeam) and announces it to every screen. */
export async function createTeam(database: Database, workspace: Workspace, input: Parameters<typeof insertTeam>[2]): Promise<TeamResult> {
  return announcedIfDone(database, workspace.id, await insertTeam(database.db, workspace, input));
}

/** Changes a team (see changeTeam) and announces it to every screen. */
export async function updateTeam(database: Database, workspace: Workspace, teamId: number, input: Parameters<typeof changeTeam>[3]): Promise<TeamResult> {
  return announcedIfDone(database, workspace.id, await changeTeam(database.db, workspace, teamId, input));
}

/** Deletes a team (see removeTeam) and announces it to every screen. */
export async function deleteTeam(database: Database, workspaceId: number, teamId: number): Promise<{ ok: true } | { ok: false; problem: TeamProblem }> {
  return announcedIfDone(database, workspaceId, await removeTeam(database.db, workspaceId, teamId));
}

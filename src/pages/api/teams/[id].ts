import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { badRequest, errorJson, json, notFound, parseJsonBody } from '../../../lib/http.ts';
import { announceDataChange } from '../../../lib/live/publish.ts';
import { deleteTeam, TEAM_PROBLEM_MESSAGES, updateTeam, type TeamProblem } from '../../../lib/teams.ts';
import { teamUpdatePayload } from '../../../lib/validation/admin-payloads.ts';

const TEAM_NOT_FOUND = 'Team not found';

/** The team id of the path, or null for anything but a plain positive integer (answered 404). */
function teamId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

function problemResponse(problem: TeamProblem): Response {
  switch (problem) {
    case 'not_found':
      return notFound(TEAM_NOT_FOUND);
    case 'duplicate_name':
      return errorJson(409, TEAM_PROBLEM_MESSAGES.duplicate_name, 'name');
    case 'reserved_name':
      return badRequest(TEAM_PROBLEM_MESSAGES.reserved_name, 'name');
    case 'unknown_locked':
      return badRequest(TEAM_PROBLEM_MESSAGES.unknown_locked);
  }
}

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = teamId(params.id);
  if (id === null) return notFound(TEAM_NOT_FOUND);
  const parsed = await parseJsonBody(request, teamUpdatePayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await updateTeam(database.db, access.workspace, id, parsed.data);
  if (!result.ok) return problemResponse(result.problem);
  await announceDataChange(database, access.workspace.id);
  return json(result.team);
};

export const DELETE: APIRoute = async ({ params, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = teamId(params.id);
  if (id === null) return notFound(TEAM_NOT_FOUND);
  const { database } = locals.runtime;
  const result = await deleteTeam(database.db, access.workspace.id, id);
  if (!result.ok) return problemResponse(result.problem);
  await announceDataChange(database, access.workspace.id);
  return json({ message: 'Team deleted' });
};

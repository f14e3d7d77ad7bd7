import type { APIRoute } from 'astro';
import { requireAdmin, requireStaff } from '../../../lib/auth/guards.ts';
import { badRequest, errorJson, json, parseJsonBody } from '../../../lib/http.ts';
import { announceDataChange } from '../../../lib/live/publish.ts';
import { createTeam, listTeams, TEAM_PROBLEM_MESSAGES } from '../../../lib/teams.ts';
import { teamCreatePayload } from '../../../lib/validation/admin-payloads.ts';

export const GET: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return json(await listTeams(locals.runtime.database.db, access.workspace));
};

export const POST: APIRoute = async ({ request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, teamCreatePayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await createTeam(database.db, access.workspace, parsed.data);
  if (!result.ok) {
    if (result.problem === 'duplicate_name') return errorJson(409, TEAM_PROBLEM_MESSAGES.duplicate_name, 'name');
    if (result.problem === 'reserved_name') return badRequest(TEAM_PROBLEM_MESSAGES.reserved_name, 'name');
    return badRequest(TEAM_PROBLEM_MESSAGES.unknown_locked, 'name');
  }
  await announceDataChange(database, access.workspace.id);
  return json(result.team, 201);
};

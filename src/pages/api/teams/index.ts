import type { APIRoute } from 'astro';
import { requireAdmin, requireStaff } from '#web/guards.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { createTeam, listTeams, teamRefusal } from '#domain/game/teams.ts';
import { teamCreatePayload } from '#contracts/admin-payloads.ts';

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
  const result = await createTeam(database, access.workspace, parsed.data);
  if (!result.ok) return refused(teamRefusal(result.problem, access.workspace.plan));
  return json(result.team, 201);
};

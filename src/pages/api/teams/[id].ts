import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId, parseJsonBody, refused } from '#web/http.ts';
import { deleteTeam, TEAM_NOT_FOUND, teamRefusal, updateTeam } from '#domain/game/teams.ts';
import { teamUpdatePayload } from '#contracts/admin-payloads.ts';

/** The team id of the path, or null for anything but an id a row can have (answered 404). */
const teamId = parseId;

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = teamId(params.id);
  if (id === null) return notFound(TEAM_NOT_FOUND);
  const parsed = await parseJsonBody(request, teamUpdatePayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await updateTeam(database, access.workspace, id, parsed.data);
  if (!result.ok) return refused(teamRefusal(result.problem, access.workspace.plan));
  return json(result.team);
};

export const DELETE: APIRoute = async ({ params, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = teamId(params.id);
  if (id === null) return notFound(TEAM_NOT_FOUND);
  const { database } = locals.runtime;
  const result = await deleteTeam(database, access.workspace.id, id);
  if (!result.ok) return refused(teamRefusal(result.problem, access.workspace.plan));
  return json({ message: 'Team deleted' });
};

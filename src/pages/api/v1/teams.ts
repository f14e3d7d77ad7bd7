import type { APIRoute } from 'astro';
import { requireApiKey } from '#web/api-v1/access.ts';
import { json } from '#web/http.ts';
import { listTeams } from '#domain/game/teams.ts';

export const GET: APIRoute = async ({ locals }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  return json(await listTeams(locals.runtime.database.db, access.caller.workspace));
};

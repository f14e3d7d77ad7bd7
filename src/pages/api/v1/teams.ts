import type { APIRoute } from 'astro';
import { requireApiKey } from '../../../lib/api/access.ts';
import { json } from '../../../lib/http.ts';
import { listTeams } from '../../../lib/teams.ts';

export const GET: APIRoute = async ({ locals }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  return json(await listTeams(locals.runtime.database.db, access.caller.workspace));
};

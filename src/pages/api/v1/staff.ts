import type { APIRoute } from 'astro';
import { requireApiKey } from '#web/api-v1/access.ts';
import { json } from '#web/http.ts';
import { listStaff } from '#domain/game/staff/manage.ts';

export const GET: APIRoute = async ({ locals }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  return json(await listStaff(locals.runtime.database.db, access.caller.workspace.id));
};

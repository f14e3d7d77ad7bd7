import type { APIRoute } from 'astro';
import { requireApiKey } from '../../../lib/api/access.ts';
import { json } from '../../../lib/http.ts';
import { listStaff } from '../../../lib/staff/manage.ts';

export const GET: APIRoute = async ({ locals }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  return json(await listStaff(locals.runtime.database.db, access.caller.workspace.id));
};

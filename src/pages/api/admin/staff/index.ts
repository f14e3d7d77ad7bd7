import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/auth/guards.ts';
import { json } from '../../../../lib/http.ts';
import { listStaff } from '../../../../lib/staff/manage.ts';

/** The workspace's people (merged entries left out), by first name, with their request counts. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json({ staff: await listStaff(locals.runtime.database.db, access.workspace.id) });
};

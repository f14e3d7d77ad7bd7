import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json } from '#web/http.ts';
import { listStaff } from '#domain/game/staff/manage.ts';

/** The workspace's people (merged entries left out), by first name, with their request counts. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json({ staff: await listStaff(locals.runtime.database.db, access.workspace.id) });
};

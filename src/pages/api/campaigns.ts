import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { json } from '../../lib/http.ts';
import { listAdminRequests } from '../../lib/requests/queries.ts';

/** The workspace's review requests (the admin list item shape), newest first: the log form refreshes it. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return json(await listAdminRequests(locals.runtime.database.db, access.workspace));
};

import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { jsonPage } from '#web/http.ts';
import { listAdminRequests } from '#domain/requests/queries.ts';

/** The workspace's review requests (the admin list item shape), newest first: the log form refreshes it. */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return jsonPage(url, (page) => listAdminRequests(locals.runtime.database.db, access.workspace, page));
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { jsonPage } from '#web/http.ts';
import { listAdminRequests } from '#domain/requests/queries.ts';

/** Review Management's list (SPEC.md section 3 "admin list item"), newest first. */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return jsonPage(url, (page) => listAdminRequests(locals.runtime.database.db, access.workspace, page));
};

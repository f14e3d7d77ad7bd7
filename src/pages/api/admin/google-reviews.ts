import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { jsonPage } from '#web/http.ts';
import { listAdminReviews } from '#domain/reviews/admin.ts';

/** The admin "Google Reviews" table: every review of the workspace, both kinds, newest first. */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return jsonPage(url, (page) => listAdminReviews(locals.runtime.database.db, access.workspace, page));
};

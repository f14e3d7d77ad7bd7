import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { json } from '../../../lib/http.ts';
import { listAdminReviews } from '../../../lib/reviews/admin.ts';

/** The admin "Google Reviews" table: every review of the workspace, both kinds, newest first. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listAdminReviews(locals.runtime.database.db, access.workspace));
};

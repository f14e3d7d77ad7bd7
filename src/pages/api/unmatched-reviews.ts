import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { json } from '../../lib/http.ts';
import { listUnmatchedReviews } from '../../lib/reviews/queries.ts';

/** The reviews that wait for a person (unmatched or needs_review), newest first. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return json(await listUnmatchedReviews(locals.runtime.database.db, access.workspace));
};

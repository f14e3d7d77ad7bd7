import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { json } from '#web/http.ts';
import { listUnmatchedReviews } from '#domain/reviews/queries.ts';

/** The reviews that wait for a person (unmatched or needs_review), newest first. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return json(await listUnmatchedReviews(locals.runtime.database.db, access.workspace));
};

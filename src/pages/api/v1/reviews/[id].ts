import type { APIRoute } from 'astro';
import { requireApiKey } from '#web/api-v1/access.ts';
import { getApiReview } from '#domain/reviews/api-queries.ts';
import { json, notFound, parseId } from '#web/http.ts';

/** One review of the key's workspace, with its match status; any other id is not found. */
export const GET: APIRoute = async ({ locals, params }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  const review = id === null ? null : await getApiReview(locals.runtime.database.db, access.caller.workspace.id, id);
  return review ? json(review) : notFound('Review not found');
};

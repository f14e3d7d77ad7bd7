import type { APIRoute } from 'astro';
import { requireApiKey } from '#web/api-v1/access.ts';
import { getApiReviewRequest } from '#domain/reviews/api-queries.ts';
import { json, notFound, parseId } from '#web/http.ts';

/** One review request of the key's workspace; any other id is not found. */
export const GET: APIRoute = async ({ locals, params }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  const request = id === null ? null : await getApiReviewRequest(locals.runtime.database.db, access.caller.workspace.id, id);
  return request ? json(request) : notFound('Review request not found');
};

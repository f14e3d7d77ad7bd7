import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId } from '#web/http.ts';
import { deleteRequest } from '#domain/requests/queries.ts';

/**
 * Deletes a review request and all related data (its outbox messages and private feedback); a review
 * matched to it is kept, unmatched, and counts for Unknown again.
 */
export const DELETE: APIRoute = async ({ params, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.campaignId);
  if (id === null) return notFound('Review request not found');
  const { database } = locals.runtime;
  const result = await deleteRequest(database, access.workspace, id);
  if (!result.ok) return notFound('Review request not found');
  return json({ message: 'Review request deleted', unmatchedReviews: result.unmatchedReviews });
};

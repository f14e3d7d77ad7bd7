import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId, parseJsonBody, refused } from '#web/http.ts';
import { ADMIN_REVIEW_MESSAGES, adminReviewRefusal, editReview } from '#domain/reviews/admin.ts';
import { reviewEditPayload } from '#contracts/review-admin-payloads.ts';

/** The "Edit Review" dialog: {reviewerName, rating, comment} for a review of either kind; answers the updated review. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return notFound(ADMIN_REVIEW_MESSAGES.review_not_found);
  const parsed = await parseJsonBody(request, reviewEditPayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await editReview(database, access.workspace, id, parsed.data);
  if (!result.ok) return refused(adminReviewRefusal(result.problem));
  return json(result.review);
};

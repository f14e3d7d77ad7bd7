import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { badRequest, errorJson, json, notFound, parseJsonBody } from '#web/http.ts';
import { ADMIN_REVIEW_MESSAGES, reassignReview } from '#domain/reviews/admin.ts';
import { reassignReviewPayload } from '#contracts/review-admin-payloads.ts';

/** "Reassign Review": {reviewId, inviteId}; the review becomes a manual match to that request and its team. */
export const POST: APIRoute = async ({ request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, reassignReviewPayload);
  if (!parsed.ok) return parsed.response;
  const result = await reassignReview(locals.runtime, access.workspace, parsed.data.reviewId, parsed.data.inviteId);
  if (!result.ok) {
    const message = ADMIN_REVIEW_MESSAGES[result.problem];
    switch (result.problem) {
      case 'review_not_found':
      case 'request_not_found':
        return notFound(message);
      case 'request_taken':
        return errorJson(409, message, 'inviteId');
      case 'request_without_team':
        return badRequest(message, 'inviteId');
    }
  }
  return json(result.review);
};

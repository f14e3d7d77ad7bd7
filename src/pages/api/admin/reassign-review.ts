import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { adminReviewRefusal, reassignReview } from '#domain/reviews/admin.ts';
import { reassignReviewPayload } from '#contracts/review-admin-payloads.ts';

/** "Reassign Review": {reviewId, inviteId}; the review becomes a manual match to that request and its team. */
export const POST: APIRoute = async ({ request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, reassignReviewPayload);
  if (!parsed.ok) return parsed.response;
  const result = await reassignReview(locals.runtime, access.workspace, parsed.data.reviewId, parsed.data.inviteId);
  if (!result.ok) return refused(adminReviewRefusal(result.problem));
  return json(result.review);
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { adminReviewRefusal, unmatchReview } from '#domain/reviews/admin.ts';
import { unmatchReviewPayload } from '#contracts/review-admin-payloads.ts';

/** Unmatch: {reviewId}; the review loses its request and team and counts for "Unknown" again. */
export const POST: APIRoute = async ({ request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, unmatchReviewPayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await unmatchReview(database, access.workspace, parsed.data.reviewId);
  if (!result.ok) return refused(adminReviewRefusal(result.problem));
  return json(result.review);
};

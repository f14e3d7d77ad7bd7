import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId } from '#web/http.ts';
import { ADMIN_REVIEW_MESSAGES, deleteReview } from '#domain/reviews/admin.ts';
import type { ReviewKind } from '#domain/reviews/store.ts';

// DELETE /api/admin/google-review/{id} and /api/admin/review-action/{id}: each deletes a review of
// its own kind; a review of the other kind is not found there (DESIGN.md).
// (The leading underscore keeps this file out of Astro's routes.)
export function deleteReviewRoute(kind: ReviewKind): APIRoute {
  return async ({ params, locals }) => {
    const access = requireAdmin(locals);
    if (!access.ok) return access.response;
    const id = parseId(params.id);
    if (id === null) return notFound(ADMIN_REVIEW_MESSAGES.review_not_found);
    const { database } = locals.runtime;
    if (!(await deleteReview(database, access.workspace, id, kind))) return notFound(ADMIN_REVIEW_MESSAGES.review_not_found);
    return json({ message: 'Review deleted' });
  };
}

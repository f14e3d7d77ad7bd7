import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/auth/guards.ts';
import { json, notFound, parseId } from '../../../../lib/http.ts';
import { announceDataChange } from '../../../../lib/live/publish.ts';
import { ADMIN_REVIEW_MESSAGES, deleteReview } from '../../../../lib/reviews/admin.ts';

/** Deletes a review action (kind action); 404 for a review of the other kind (DESIGN.md). */
export const DELETE: APIRoute = async ({ params, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return notFound(ADMIN_REVIEW_MESSAGES.review_not_found);
  const { database } = locals.runtime;
  if (!(await deleteReview(database.db, access.workspace, id, 'action'))) return notFound(ADMIN_REVIEW_MESSAGES.review_not_found);
  await announceDataChange(database, access.workspace.id);
  return json({ message: 'Review deleted' });
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json } from '#web/http.ts';
import { fixedMessage, fixOrphanedReviews } from '#domain/reviews/admin.ts';

/** "Fix Orphaned Reviews": {message, fixed}. */
export const POST: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { database } = locals.runtime;
  const fixed = await fixOrphanedReviews(database, access.workspace);
  return json({ message: fixedMessage(fixed), fixed });
};

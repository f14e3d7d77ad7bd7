import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { json } from '../../../lib/http.ts';
import { fixedMessage, fixOrphanedReviews } from '../../../lib/reviews/admin.ts';

/** "Fix Orphaned Reviews": {message, fixed}. */
export const POST: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { database } = locals.runtime;
  const fixed = await fixOrphanedReviews(database, access.workspace);
  return json({ message: fixedMessage(fixed), fixed });
};

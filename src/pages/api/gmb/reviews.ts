import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { listGmbReviews, specGmbReview } from '#domain/integrations/google/gmb-reviews.ts';
import { jsonPage } from '#web/http.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return jsonPage(url, async (page) => (await listGmbReviews(locals.runtime.database.db, access.workspace.id, page)).map(specGmbReview));
};

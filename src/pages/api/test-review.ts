import type { APIRoute } from 'astro';
import { requireAdmin } from '../../lib/auth/guards.ts';
import { forbidden, json, parseJsonBody } from '../../lib/http.ts';
import { publishLiveEvent } from '../../lib/live/publish.ts';
import { testReview, upsertReview } from '../../lib/reviews/store.ts';
import { testReviewPayload } from '../../lib/validation/payloads.ts';

export const POST: APIRoute = async ({ locals, request }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, testReviewPayload);
  if (!parsed.ok) return parsed.response;
  if (parsed.data.slug && parsed.data.slug !== access.workspace.slug) return forbidden('You can only add test reviews to your own workspace');
  const { database } = locals.runtime;
  const review = testReview(parsed.data);
  const stored = await upsertReview(database.db, access.workspace.id, review);
  await publishLiveEvent(database, {
    workspaceId: access.workspace.id,
    event: 'reviewAdded',
    celebration: stored.created,
    review: { reviewerName: review.reviewerName, rating: review.rating },
  });
  return json({ id: stored.id, message: 'Test review added' }, 201);
};

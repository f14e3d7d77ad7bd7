import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { forbidden, json, parseJsonBody } from '#web/http.ts';
import { ingestReview } from '#domain/reviews/ingest.ts';
import { testReview } from '#domain/reviews/store.ts';
import { testReviewPayload } from '#contracts/payloads.ts';

export const POST: APIRoute = async ({ locals, request }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, testReviewPayload);
  if (!parsed.ok) return parsed.response;
  if (parsed.data.slug && parsed.data.slug !== access.workspace.slug) return forbidden('You can only add test reviews to your own workspace');
  // A test review has a new id every time, so it is never one an admin deleted.
  const ingested = (await ingestReview(locals.runtime, access.workspace, testReview(parsed.data)))!;
  return json({ id: ingested.id, matchStatus: ingested.match?.status ?? 'unmatched', message: 'Test review added' }, 201);
};

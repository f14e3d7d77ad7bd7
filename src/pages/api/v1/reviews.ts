import type { APIRoute } from 'astro';
import { requireApiKey } from '#web/api-v1/access.ts';
import { withIdempotency } from '#web/api-v1/idempotency.ts';
import { listApiReviews } from '#domain/reviews/api-queries.ts';
import { addApiReview } from '#domain/reviews/api-reviews.ts';
import { apiReviewPayload, reviewListQuery } from '#contracts/api-v1.ts';
import { badRequest, errorJson, json, jsonPage, parseJsonBody } from '#web/http.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  const query = reviewListQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return badRequest('matchStatus must be one of auto_matched, self_confirmed, manual, needs_review, unmatched', 'matchStatus');
  return jsonPage(url, (page) => listApiReviews(locals.runtime.database.db, access.caller.workspace.id, page, query.data.matchStatus));
};

/** Stores and matches a review: 201 with its match status (200 when its externalId was stored before). */
export const POST: APIRoute = async ({ locals, request }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  const { workspace } = access.caller;
  const { database } = locals.runtime;
  return withIdempotency(database.db, workspace.id, request, async () => {
    const parsed = await parseJsonBody(request, apiReviewPayload);
    if (!parsed.ok) return parsed.response;
    const added = await addApiReview(locals.runtime, workspace, parsed.data);
    if (!added.ok) return errorJson(409, 'An admin deleted the review with this externalId: it is not added again', 'externalId');
    return json(added.review, added.created ? 201 : 200);
  });
};

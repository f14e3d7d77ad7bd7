import { randomUUID } from 'node:crypto';
import type { Store } from '#domain/events/domain-events.ts';
import { ingestReview } from './ingest.ts';
import type { IncomingReview } from './store.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { getApiReview, type ApiReview } from './api-queries.ts';
import type { ApiReviewPayload } from '#contracts/api-v1.ts';

/**
 * A review sent through the API is a review action of the caller's system, as a CRM delivers one:
 * stored under its externalId (a new one when none is given) and matched by the same ingestion as
 * every other review (src/domain/reviews/ingest.ts).
 */
export function apiIncomingReview(input: ApiReviewPayload, now = new Date()): IncomingReview {
  return {
    kind: 'action',
    source: 'crm',
    externalId: `api:${input.externalId ?? randomUUID()}`,
    reviewerName: input.reviewerName,
    rating: input.rating,
    comment: input.comment?.trim() || null,
    createTime: input.createTime ? new Date(input.createTime) : now,
    reviewUrl: input.reviewUrl ?? null,
    platform: input.platform || null,
  };
}

export type AddedReview = { ok: true; created: boolean; review: ApiReview } | { ok: false; problem: 'deleted' };

export async function addApiReview(store: Store, workspace: Workspace, input: ApiReviewPayload): Promise<AddedReview> {
  const ingested = await ingestReview(store, workspace, apiIncomingReview(input));
  if (!ingested) return { ok: false, problem: 'deleted' };
  const review = await getApiReview(store.database.db, workspace.id, ingested.id);
  return { ok: true, created: ingested.created, review: review! };
}

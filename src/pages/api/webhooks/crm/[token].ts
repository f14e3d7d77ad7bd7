import type { APIRoute } from 'astro';
import { parseCrmPayload } from '../../../../lib/crm/payload.ts';
import { isValidSignature, readPublicKey } from '../../../../lib/crm/signature.ts';
import { firstDelivery, workspaceForWebhookToken } from '../../../../lib/crm/webhook.ts';
import { errorJson, json, MAX_JSON_BODY_BYTES } from '../../../../lib/http.ts';
import { ingestReview } from '../../../../lib/reviews/ingest.ts';
import { findWorkspaceById } from '../../../../lib/workspaces.ts';

// Verify first, store before anything else, answer as soon as the review is stored (CONVENTIONS.md).
export const POST: APIRoute = async ({ locals, params, request }) => {
  const { database, config } = locals.runtime;
  const workspaceId = await workspaceForWebhookToken(database.db, params.token ?? '');
  const workspace = workspaceId === null ? null : await findWorkspaceById(database.db, workspaceId);
  if (!workspace) return errorJson(404, 'Unknown webhook');

  const tooLarge = () => errorJson(413, 'Request body is too large');
  if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BODY_BYTES) return tooLarge();
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > MAX_JSON_BODY_BYTES) return tooLarge();
  const signature = request.headers.get('x-ghl-signature');
  if (signature && config.ghlWebhookPublicKey && !isValidSignature(raw, signature, readPublicKey(config.ghlWebhookPublicKey))) {
    return errorJson(401, 'Invalid signature');
  }

  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return errorJson(400, 'Request body must be valid JSON', 'body');
  }
  const parsed = parseCrmPayload(body);
  if (!parsed.ok) return errorJson(400, parsed.message, parsed.field);
  const review = parsed.review;
  if (review.deliveryId && !(await firstDelivery(database.db, workspace.id, review.deliveryId))) {
    return json({ message: 'Already received' });
  }

  const ingested = await ingestReview(database, workspace, {
    kind: 'action',
    source: 'crm',
    externalId: review.externalId,
    reviewerName: review.reviewerName,
    rating: review.rating,
    comment: review.reviewText,
    createTime: review.createdAt ?? new Date(),
    reviewUrl: review.reviewUrl,
  });
  if (!ingested) return json({ message: 'This review was deleted by an admin and is not stored again' });
  return json({ id: ingested.id, message: ingested.created ? 'Review received' : 'Already received' }, ingested.created ? 201 : 200);
};

import { randomUUID, type KeyObject } from 'node:crypto';
import type { JobQueue } from '#platform/jobs/queue.ts';
import type { Database } from '#platform/db/database.ts';
import type { CrmDeliveryStatus } from '#shared/statuses.ts';
import { ingestReviewRecorded } from '#domain/reviews/ingest.ts';
import type { IncomingReview } from '#domain/reviews/store.ts';
import { readSmsSettings } from '#domain/sms/sms-settings.ts';
import { mobileE164 } from '#shared/phone.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { findDelivery, recordDelivery } from './delivery-log.ts';
import { crmWebhookId, parseCrmPayload, readCrmBody } from './payload.ts';
import { isValidSignature } from '#platform/ed25519.ts';

/** One delivery as it reached the webhook. */
export interface CrmDelivery {
  /** The raw body; empty when it was too large to read. */
  raw: Uint8Array;
  /** False when the body was too large to read. */
  complete: boolean;
  contentType: string | null;
  signature: string | null;
}

export interface CrmOutcome {
  status: CrmDeliveryStatus;
  /** The answer to the CRM. */
  httpStatus: number;
  message: string;
  field?: string;
  reviewId: number | null;
  deliveryLogId: number;
}

export interface CrmContext {
  database: Database;
  jobs: JobQueue;
  /** HighLevel's key for X-GHL-Signature, when configured. */
  publicKey: KeyObject | undefined;
}

/** HighLevel sends "N/A" in place of a signature on deliveries it does not sign. */
const UNSIGNED = new Set(['', 'N/A']);

/**
 * Receives one CRM delivery: verified, read, stored and matched with its log entry in one
 * transaction, so the 2xx it leads to always means the review is stored. Whatever cannot be stored
 * is logged as refused with its reason, and can be processed again from the log.
 */
export function receiveCrmDelivery(context: CrmContext, workspace: Workspace, delivery: CrmDelivery): Promise<CrmOutcome> {
  return handle(context, workspace, delivery);
}

export type ProcessAgain = { ok: true; outcome: CrmOutcome } | { ok: false; httpStatus: 404 | 409; message: string };

/** Processes a refused delivery from the log again, once the reason for the refusal may be gone. */
export async function processDeliveryAgain(context: CrmContext, workspace: Workspace, id: number): Promise<ProcessAgain> {
  const logged = await findDelivery(context.database.db, workspace.id, id);
  if (!logged) return { ok: false, httpStatus: 404, message: 'Delivery not found' };
  if (logged.status !== 'refused') return { ok: false, httpStatus: 409, message: 'Only a refused delivery can be processed again' };
  if (logged.kind !== 'review') return { ok: false, httpStatus: 409, message: 'A review request delivery is processed again by the request webhook' };
  const delivery = { raw: Buffer.from(logged.body), complete: logged.bodyComplete, contentType: logged.contentType, signature: logged.signature };
  return { ok: true, outcome: await handle(context, workspace, delivery, { id, deliveryKey: logged.deliveryKey }) };
}

/**
 * Why a delivery's X-GHL-Signature is refused, or null when it passes. With HighLevel's key configured
 * every delivery must be signed; "N/A" is HighLevel's "unsigned". Shared by the review and request webhooks.
 */
export function signatureProblem(publicKey: KeyObject | undefined, delivery: Pick<CrmDelivery, 'raw' | 'signature'>): string | null {
  if (!publicKey) return null;
  const signature = delivery.signature?.trim() ?? '';
  if (UNSIGNED.has(signature)) return 'Signature required';
  return isValidSignature(delivery.raw, signature, publicKey) ? null : 'Invalid signature';
}

async function handle(
  { database, jobs, publicKey }: CrmContext,
  workspace: Workspace,
  delivery: CrmDelivery,
  logged?: { id: number; deliveryKey: string },
): Promise<CrmOutcome> {
  const body = new TextDecoder().decode(delivery.raw);
  const entry = { contentType: delivery.contentType, signature: delivery.signature, body, bodyComplete: delivery.complete };
  const refuse = async (httpStatus: number, reason: string, deliveryKey: string, field?: string): Promise<CrmOutcome> => {
    const id = await recordDelivery(database.db, workspace.id, { ...entry, deliveryKey, status: 'refused', reason, reviewId: null }, logged?.id);
    return { status: 'refused', httpStatus, message: reason, ...(field ? { field } : {}), reviewId: null, deliveryLogId: id };
  };

  const madeKey = logged?.deliveryKey ?? randomUUID();
  if (!delivery.complete) return refuse(413, 'Request body is too large', madeKey);
  const signatureRefusal = signatureProblem(publicKey, delivery);
  if (signatureRefusal) return refuse(401, signatureRefusal, madeKey);
  const read = readCrmBody(body, delivery.contentType);
  if (!read.ok) return refuse(400, read.message, madeKey, 'body');
  const deliveryKey = crmWebhookId(read.body) ?? madeKey;
  const { timeZone, phoneCountry } = await readSmsSettings(database.db, workspace.id);
  const parsed = parseCrmPayload(read.body, { deliveryKey, timeZone, now: new Date() });
  if (!parsed.ok) return refuse(400, parsed.message, deliveryKey, parsed.field);

  const { review } = parsed;
  const incoming: IncomingReview = {
    kind: 'action',
    source: 'crm',
    externalId: review.externalId,
    reviewerName: review.reviewerName,
    rating: review.rating,
    comment: review.reviewText,
    createTime: review.createdAt ?? new Date(),
    reviewUrl: review.reviewUrl,
    platform: review.platform,
    // A contact's number finds the request texted to it; one that is no mobile number finds none.
    phone: mobileE164(review.phone, phoneCountry),
  };
  const { ingested, recorded: id } = await ingestReviewRecorded({ database, jobs }, workspace, incoming, (tx, ingested) => {
    const status = ingested?.created ? 'stored' : 'duplicate';
    const reason = ingested ? (ingested.created ? null : 'Already received') : 'Deleted by an admin';
    return recordDelivery(tx, workspace.id, { ...entry, deliveryKey, status, reason, reviewId: ingested?.id ?? null }, logged?.id);
  });
  if (!ingested) {
    return { status: 'duplicate', httpStatus: 200, message: 'This review was deleted by an admin and is not stored again', reviewId: null, deliveryLogId: id };
  }
  return ingested.created
    ? { status: 'stored', httpStatus: 201, message: 'Review received', reviewId: ingested.id, deliveryLogId: id }
    : { status: 'duplicate', httpStatus: 200, message: 'Already received', reviewId: ingested.id, deliveryLogId: id };
}

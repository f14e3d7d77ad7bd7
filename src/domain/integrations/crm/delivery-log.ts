import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { crmDeliveries } from '#platform/db/schema.ts';
import type { CrmDeliveryKind, CrmDeliveryStatus } from '#shared/statuses.ts';

// Every CRM delivery is logged, stored or not, so the admin sees what came in and why something was
// refused (HighLevel never retries a refusal). The newest LOG_SIZE deliveries are kept.

export const LOG_SIZE = 200;
/** Bodies are kept up to this size; a longer one is cut and cannot be processed again. */
export const MAX_LOGGED_BODY = 64 * 1024;
/** How much of a body the list shows. */
const BODY_PREVIEW = 2000;

export interface DeliveryRecord {
  deliveryKey: string;
  status: CrmDeliveryStatus;
  reason: string | null;
  reviewId: number | null;
  contentType: string | null;
  signature: string | null;
  body: string;
  /** False when the body was too large to be read at all. */
  bodyComplete: boolean;
  /** The request webhook's deliveries; the review webhook's when left out. */
  kind?: CrmDeliveryKind;
  requestId?: number | null;
}

/** What the admin sees of one delivery. */
export interface DeliveryEntry {
  id: number;
  receivedAt: string;
  status: CrmDeliveryStatus;
  reason: string | null;
  reviewId: number | null;
  kind: CrmDeliveryKind;
  requestId: number | null;
  /** The start of the body as received. */
  body: string;
}

/** Logs a new delivery (id undefined), or the outcome of processing a logged one again. */
export async function recordDelivery(db: Db, workspaceId: number, record: DeliveryRecord, id?: number): Promise<number> {
  const { body, bodyComplete, ...rest } = record;
  if (id !== undefined) {
    await db
      .update(crmDeliveries)
      .set({
        status: rest.status,
        reason: rest.reason,
        reviewId: rest.reviewId,
        deliveryKey: rest.deliveryKey,
        ...(rest.requestId !== undefined ? { requestId: rest.requestId } : {}),
      })
      .where(and(eq(crmDeliveries.id, id), eq(crmDeliveries.workspaceId, workspaceId)));
    return id;
  }
  // The log is trimmed in the insert's statement (one round trip a delivery): the trim sees the log as
  // it was before the insert, so it keeps the newest LOG_SIZE - 1 and the new one makes LOG_SIZE.
  const trimmed = db.$with('trimmed').as(
    db
      .delete(crmDeliveries)
      .where(
        and(
          eq(crmDeliveries.workspaceId, workspaceId),
          lt(
            crmDeliveries.id,
            sql`(SELECT min(id) FROM (SELECT id FROM crm_deliveries WHERE workspace_id = ${workspaceId} ORDER BY id DESC LIMIT ${LOG_SIZE - 1}) AS kept)`,
          ),
        ),
      )
      .returning({ id: crmDeliveries.id }),
  );
  const [row] = await db
    .with(trimmed)
    .insert(crmDeliveries)
    .values({ workspaceId, ...rest, body: body.slice(0, MAX_LOGGED_BODY), bodyComplete: bodyComplete && body.length <= MAX_LOGGED_BODY })
    .returning({ id: crmDeliveries.id });
  return row!.id;
}

const entryColumns = {
  id: crmDeliveries.id,
  receivedAt: crmDeliveries.receivedAt,
  status: crmDeliveries.status,
  reason: crmDeliveries.reason,
  reviewId: crmDeliveries.reviewId,
  kind: crmDeliveries.kind,
  requestId: crmDeliveries.requestId,
  body: sql<string>`left(${crmDeliveries.body}, ${BODY_PREVIEW})`,
};

const toEntry = (row: Omit<DeliveryEntry, 'receivedAt'> & { receivedAt: Date }): DeliveryEntry => ({ ...row, receivedAt: row.receivedAt.toISOString() });

/** The newest deliveries first. */
export async function listDeliveries(db: Db, workspaceId: number): Promise<DeliveryEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(crmDeliveries)
    .where(eq(crmDeliveries.workspaceId, workspaceId))
    .orderBy(desc(crmDeliveries.id))
    .limit(LOG_SIZE);
  return rows.map(toEntry);
}

export async function deliveryEntry(db: Db, workspaceId: number, id: number): Promise<DeliveryEntry | null> {
  const [row] = await db
    .select(entryColumns)
    .from(crmDeliveries)
    .where(and(eq(crmDeliveries.id, id), eq(crmDeliveries.workspaceId, workspaceId)));
  return row ? toEntry(row) : null;
}

/** A logged delivery with all that is needed to process it again; null when not the workspace's. */
export async function findDelivery(db: Db, workspaceId: number, id: number) {
  const [row] = await db
    .select()
    .from(crmDeliveries)
    .where(and(eq(crmDeliveries.id, id), eq(crmDeliveries.workspaceId, workspaceId)));
  return row ?? null;
}

import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '#platform/db/schema.ts';
import type { DeliveryStatus } from '#shared/statuses.ts';
import { addUnderCap } from '#platform/db/workspace-cap.ts';
import { stableUuid } from '#platform/jobs/stable-id.ts';
import { checkPublicTarget } from '#platform/net/public-target.ts';
import { open, seal } from '#platform/secret-box.ts';
import { generateWebhookSecret } from './signature.ts';
import type { WebhookEvent } from '#shared/event-names.ts';
import type { Refusal } from '#contracts/refusal.ts';

// The workspace's webhook endpoints and their delivery log. Every query is scoped by workspace.

export const MAX_WEBHOOK_ENDPOINTS = 10;
/** How many deliveries of an endpoint the log shows (the latest). */
export const DELIVERIES_SHOWN = 100;

export interface WebhookEndpointView {
  id: number;
  url: string;
  events: string[];
  createdAt: string;
  lastDelivery: { status: DeliveryStatus; at: string } | null;
}

export async function listWebhookEndpoints(db: Db, workspaceId: number): Promise<WebhookEndpointView[]> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events, createdAt: webhookEndpoints.createdAt })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), isNull(webhookEndpoints.disabledAt)))
    .orderBy(asc(webhookEndpoints.id));
  if (!endpoints.length) return [];
  const latest = await db
    .selectDistinctOn([webhookDeliveries.endpointId], {
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      at: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, workspaceId),
        inArray(
          webhookDeliveries.endpointId,
          endpoints.map((e) => e.id),
        ),
      ),
    )
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt));
  const byEndpoint = new Map(latest.map((row) => [row.endpointId, { status: row.status, at: row.at.toISOString() }]));
  return endpoints.map((e) => ({ ...e, createdAt: e.createdAt.toISOString(), lastDelivery: byEndpoint.get(e.id) ?? null }));
}

/** A new endpoint and its secret (the only time it is shown); null when the workspace has the most it may. */
export async function createWebhookEndpoint(
  db: Db,
  workspaceId: number,
  input: { url: string; events: WebhookEvent[] },
  secretKey: Buffer,
): Promise<{ id: number; secret: string } | null> {
  const secret = generateWebhookSecret();
  const added = await addUnderCap(
    db,
    workspaceId,
    MAX_WEBHOOK_ENDPOINTS,
    async (tx) =>
      (
        await tx
          .select({ n: count() })
          .from(webhookEndpoints)
          .where(and(eq(webhookEndpoints.workspaceId, workspaceId), isNull(webhookEndpoints.disabledAt)))
      )[0]?.n ?? 0,
    async (tx) =>
      (
        await tx
          .insert(webhookEndpoints)
          .values({ workspaceId, url: input.url, events: [...new Set(input.events)], secretSealed: seal(secret, secretKey) })
          .returning({ id: webhookEndpoints.id })
      )[0]!,
  );
  return added.ok ? { id: added.value.id, secret } : null;
}

export type NewWebhookEndpoint = { ok: true; endpoint: { id: number; secret: string } } | { ok: false; refusal: Refusal };

/**
 * An endpoint an admin asks for (see createWebhookEndpoint): its URL is checked first, as every delivery
 * checks it again, so one that points into the server's own network (or nowhere) is refused while the
 * admin is there to fix it. `allowPrivateTargets` is ALLOW_PRIVATE_WEBHOOK_TARGETS.
 */
export async function addWebhookEndpoint(
  ctx: { db: Db; secretKey: Buffer; allowPrivateTargets: boolean },
  workspaceId: number,
  input: { url: string; events: WebhookEvent[] },
): Promise<NewWebhookEndpoint> {
  const target = await checkPublicTarget(new URL(input.url), ctx.allowPrivateTargets);
  if (!target.ok) return { ok: false, refusal: { status: 400, message: target.message, field: 'url' } };
  const endpoint = await createWebhookEndpoint(ctx.db, workspaceId, input, ctx.secretKey);
  if (!endpoint) return { ok: false, refusal: { status: 409, message: `A workspace can have at most ${MAX_WEBHOOK_ENDPOINTS} webhooks: delete one first` } };
  return { ok: true, endpoint };
}

export async function deleteWebhookEndpoint(db: Db, workspaceId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

export interface EndpointTarget {
  id: number;
  url: string;
  secret: string;
}

/** An endpoint's address and opened secret; null when it is not this workspace's (or was disabled). */
export async function findEndpointTarget(db: Db, workspaceId: number, id: number, secretKey: Buffer): Promise<EndpointTarget | null> {
  const [row] = await db
    .select({ url: webhookEndpoints.url, secretSealed: webhookEndpoints.secretSealed })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)));
  return row ? targetOf(id, row, secretKey) : null;
}

/** An endpoint's row as a target; null when its secret was sealed under another key. */
function targetOf(id: number, row: { url: string; secretSealed: string }, secretKey: Buffer): EndpointTarget | null {
  const secret = open(row.secretSealed, secretKey);
  return secret ? { id, url: row.url, secret } : null;
}

/** The live endpoints of a workspace subscribed to an event type. */
export async function subscribedEndpoints(db: Pick<Db, 'select'>, workspaceId: number, eventType: string): Promise<{ id: number }[]> {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), isNull(webhookEndpoints.disabledAt), sql`${eventType} = ANY(${webhookEndpoints.events})`));
}

/** A delivery's id (and webhook-id): the same event to the same endpoint always has the same one. */
export const deliveryIdFor = (eventId: string, endpointId: number) => stableUuid(`webhook:${eventId}:${endpointId}`);
/** The queue job of a delivery's first sending, and of its nth resend. */
export const deliveryJobId = (deliveryId: string, resends: number) => (resends === 0 ? deliveryId : stableUuid(`webhook:${deliveryId}:resend:${resends}`));

export interface DeliveryRow {
  id: string;
  workspaceId: number;
  endpointId: number;
  eventType: string;
  payload: string;
  status: DeliveryStatus;
  resends: number;
}

/**
 * A delivery, with its endpoint's address and opened secret in the same read (`target`: null when the
 * endpoint is gone, disabled, or its secret sealed under another key). Null when the delivery is not
 * the workspace's.
 */
export async function findDelivery(
  db: Db,
  workspaceId: number,
  id: string,
  secretKey: Buffer,
): Promise<(DeliveryRow & { target: EndpointTarget | null }) | null> {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      workspaceId: webhookDeliveries.workspaceId,
      endpointId: webhookDeliveries.endpointId,
      eventType: webhookDeliveries.eventType,
      payload: webhookDeliveries.payload,
      status: webhookDeliveries.status,
      resends: webhookDeliveries.resends,
      url: webhookEndpoints.url,
      secretSealed: webhookEndpoints.secretSealed,
    })
    .from(webhookDeliveries)
    .leftJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.workspaceId, webhookDeliveries.workspaceId),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
        isNull(webhookEndpoints.disabledAt),
      ),
    )
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.id, id)));
  if (!row) return null;
  const { url, secretSealed, ...delivery } = row;
  return { ...delivery, target: url !== null && secretSealed !== null ? targetOf(delivery.endpointId, { url, secretSealed }, secretKey) : null };
}

/** Logs one attempt of a delivery and sets its status, in one statement. */
export async function recordAttempt(
  db: Db,
  deliveryId: string,
  jobId: string | null,
  outcome: { httpStatus: number | null; error: string | null; durationMs: number },
  status: DeliveryStatus,
): Promise<void> {
  const attempt = db.$with('attempt').as(
    db
      .insert(webhookAttempts)
      .values({ deliveryId, jobId, httpStatus: outcome.httpStatus, error: outcome.error?.slice(0, 500) ?? null, durationMs: outcome.durationMs })
      .returning({ id: webhookAttempts.id }),
  );
  await db.with(attempt).update(webhookDeliveries).set({ status }).where(eq(webhookDeliveries.id, deliveryId));
}

/** How many attempts a queue job has made so far (its retries, plus one). */
export async function attemptsOfJob(db: Db, deliveryId: string, jobId: string): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.deliveryId, deliveryId), eq(webhookAttempts.jobId, jobId)));
  return count;
}

export interface DeliveryView {
  id: string;
  webhookId: string;
  eventType: string;
  status: DeliveryStatus;
  createdAt: string;
  attempts: { at: string; httpStatus: number | null; error: string | null; durationMs: number }[];
}

/** An endpoint's latest deliveries, newest first, each with its attempts; null when the endpoint is not the workspace's. */
export async function listDeliveries(db: Db, workspaceId: number, endpointId: number): Promise<DeliveryView[] | null> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, endpointId)));
  if (!endpoint) return null;
  const deliveries = await db
    .select({ id: webhookDeliveries.id, eventType: webhookDeliveries.eventType, status: webhookDeliveries.status, createdAt: webhookDeliveries.createdAt })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_SHOWN);
  if (!deliveries.length) return [];
  const attempts = await db
    .select({
      deliveryId: webhookAttempts.deliveryId,
      at: webhookAttempts.attemptedAt,
      httpStatus: webhookAttempts.httpStatus,
      error: webhookAttempts.error,
      durationMs: webhookAttempts.durationMs,
    })
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
  return deliveries.map((d) => ({
    id: d.id,
    webhookId: d.id,
    eventType: d.eventType,
    status: d.status,
    createdAt: d.createdAt.toISOString(),
    attempts: attempts.filter((a) => a.deliveryId === d.id).map(({ deliveryId: _d, at, ...rest }) => ({ at: at.toISOString(), ...rest })),
  }));
}

import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { webhookDeliveries } from '#platform/db/schema.ts';
import type { DomainEvent, Store } from '#domain/events/domain-events.ts';
import { QUEUES, queueAgain, leftToMake, type JobQueue, type SentJob, type Waited } from '#platform/jobs/queue.ts';
import { log } from '#platform/log/log.ts';
import { TEST_EVENT } from '#shared/event-names.ts';
import { testPayload, webhookPayload } from './payload.ts';
import { sendWebhook, type AttemptOutcome } from './send.ts';
import { attemptsOfJob, deliveryIdFor, deliveryJobId, findDelivery, findEndpointTarget, recordAttempt, subscribedEndpoints } from './store.ts';

// Outbound webhooks (decision 043). The `webhooks` consumer turns a domain event into one delivery per
// subscribed endpoint and sends each on `webhook-delivery`, in the transaction that raised the event
// (decision 071); its first attempt follows the commit in the same process (decision 073). An attempt
// is logged, and a failed one throws so the queue retries it on its schedule (DELIVERY_RETRIES).

export interface WebhookRuntime extends Store {
  config: { allowPrivateWebhookTargets: boolean };
  secretKey: Buffer;
}

export interface DeliveryJob {
  workspaceId: number;
  deliveryId: string;
}

declare module '#platform/jobs/queue.ts' {
  interface QueuePayloads {
    webhooks: DomainEvent;
    'webhook-delivery': DeliveryJob;
  }
}

/**
 * The `webhooks` consumer: one delivery per subscribed endpoint, each queued on `webhook-delivery`,
 * written in the transaction `tx` (the one that raised the event: the queue works it there). A
 * delivery's id comes from the event's and the endpoint's, so an event fanned out again queues nothing twice.
 */
export function webhooksFanOut(runtime: WebhookRuntime) {
  return async (job: SentJob<DomainEvent>, tx: Db): Promise<object> => {
    const event = job.data;
    // Read together (the raiser saw an endpoint for this event in this transaction, so both are wanted).
    const [endpoints, payload] = await Promise.all([subscribedEndpoints(tx, event.workspaceId, event.type), webhookPayload(tx, event)]);
    if (!endpoints.length || !payload) return { deliveries: 0 };
    const body = JSON.stringify(payload);
    let queued = 0;
    for (const endpoint of endpoints) {
      const id = deliveryIdFor(event.id, endpoint.id);
      const [created] = await tx
        .insert(webhookDeliveries)
        .values({ id, workspaceId: event.workspaceId, endpointId: endpoint.id, eventId: event.id, eventType: event.type, payload: body, status: 'pending' })
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id });
      if (!created) continue;
      await runtime.jobs.send(QUEUES.webhookDelivery.name, { workspaceId: event.workspaceId, deliveryId: id }, { id: deliveryJobId(id, 0), tx });
      queued++;
    }
    return { deliveries: queued };
  };
}

export function webhookDeliveryWorker(runtime: WebhookRuntime) {
  return async (job: SentJob<DeliveryJob>): Promise<object> => {
    const { db } = runtime.database;
    const delivery = await findDelivery(db, job.data.workspaceId, job.data.deliveryId, runtime.secretKey);
    if (!delivery) return { skipped: 'delivery gone' };
    // A job a resend superseded stops once the delivery got through.
    if (delivery.status === 'delivered' && job.id !== deliveryJobId(delivery.id, delivery.resends)) return { skipped: 'delivered by a resend' };
    const { target } = delivery;
    if (!target) return { skipped: 'endpoint gone' };
    const outcome = await sendWebhook({ ...target, allowPrivate: runtime.config.allowPrivateWebhookTargets }, delivery.id, delivery.payload);
    if (outcome.ok) {
      await recordAttempt(db, delivery.id, job.id, outcome, 'delivered');
      return { httpStatus: outcome.httpStatus };
    }
    const attempts = (await attemptsOfJob(db, delivery.id, job.id)) + 1;
    const last = attempts > QUEUES.webhookDelivery.retryLimit;
    await recordAttempt(db, delivery.id, job.id, outcome, last ? 'failed' : 'retrying');
    log.warn(
      { deliveryId: delivery.id, endpointId: target.id, attempt: attempts, httpStatus: outcome.httpStatus, error: outcome.error },
      'A webhook delivery failed',
    );
    throw new Error(outcome.error ?? `HTTP ${outcome.httpStatus}`);
  };
}

/** The deliveries left to make within `waited` (leftToMake), each as the job it had (its id). */
export async function unsentWebhookDeliveries(db: Db, waited: Waited): Promise<{ id: string; data: DeliveryJob }[]> {
  const unsent = await db
    .select({ workspaceId: webhookDeliveries.workspaceId, deliveryId: webhookDeliveries.id, resends: webhookDeliveries.resends })
    .from(webhookDeliveries)
    .where(leftToMake({ status: webhookDeliveries.status, writtenAt: webhookDeliveries.createdAt }, waited));
  return unsent.map(({ workspaceId, deliveryId, resends }) => ({ id: deliveryJobId(deliveryId, resends), data: { workspaceId, deliveryId } }));
}

/**
 * Queues again every delivery still to be made (at start: see queueAgain), under the job id it had;
 * not one never tried and younger than a first try can take: it may be under way in another instance (decision 073).
 */
export async function requeueUnsentWebhookDeliveries(db: Db, jobs: JobQueue): Promise<number> {
  return queueAgain(jobs, QUEUES.webhookDelivery.name, await unsentWebhookDeliveries(db, { minSeconds: jobs.unsentAfterSeconds }));
}

/** Sends a delivery again (same body, same webhook-id) as a new queue job; false when it is not the workspace's. */
export async function resendDelivery(runtime: WebhookRuntime, workspaceId: number, deliveryId: string): Promise<boolean> {
  const { db } = runtime.database;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ resends: sql`${webhookDeliveries.resends} + 1`, status: 'pending' })
      .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.id, deliveryId)))
      .returning({ resends: webhookDeliveries.resends });
    if (!row) return false;
    await runtime.jobs.send(QUEUES.webhookDelivery.name, { workspaceId, deliveryId }, { id: deliveryJobId(deliveryId, row.resends), tx });
    return true;
  });
}

export interface TestOutcome extends AttemptOutcome {
  deliveryId: string;
  webhookId: string;
  status: 'delivered' | 'failed';
}

/** "Send test": a webhook.test event now, one attempt (no retries), logged like any delivery. Null: no such endpoint. */
export async function sendTestWebhook(runtime: WebhookRuntime, workspaceId: number, endpointId: number): Promise<TestOutcome | null> {
  const { db } = runtime.database;
  const target = await findEndpointTarget(db, workspaceId, endpointId, runtime.secretKey);
  if (!target) return null;
  const id = randomUUID();
  const body = JSON.stringify(testPayload());
  await db.insert(webhookDeliveries).values({ id, workspaceId, endpointId, eventType: TEST_EVENT, payload: body, status: 'pending' });
  const outcome = await sendWebhook({ ...target, allowPrivate: runtime.config.allowPrivateWebhookTargets }, id, body);
  const status = outcome.ok ? 'delivered' : 'failed';
  await recordAttempt(db, id, null, outcome, status);
  return { deliveryId: id, webhookId: id, status, ...outcome };
}

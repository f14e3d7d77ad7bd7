import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '#platform/db/database.ts';
import type { JobQueue, PayloadOf, QueueName } from '#platform/jobs/queue.ts';
import { stableUuid } from '#platform/jobs/stable-id.ts';
import { alertSettings, webhookEndpoints, workspaces } from '#platform/db/schema.ts';
import type { DomainEventType } from '#shared/event-names.ts';

// What happened, raised in one place (decision 042). Every durable consumer is a queue of its own:
// raising an event sends one job per consumer, in the transaction that made the change, so each
// consumer handles each event once across all instances. The consumers (milestones, alerts, webhooks)
// only read and write this database, so the queue works them in that transaction itself (decision
// 071); what they queue for the outside (a Slack post, a webhook delivery) is a job of its own, retried
// on its own schedule, never holding up another or the request that raised the event.

interface EventData {
  'review.created': { reviewId: number };
  'review.matched': { reviewId: number; requestId: number | null; teamId: number; how: 'auto' | 'manual' };
  'request.logged': { requestId: number };
  /** A team's weekly goal (teamId) or the workspace's (teamId null), in the week starting weekStartsAt. */
  /** wallboardId: the named wallboard whose goal it is; null (or absent, in events raised before) the workspace's own. */
  'goal.reached': { teamId: number | null; wallboardId?: number | null; goal: number; weekStartsAt: string };
  'target.reached': { target: number; wallboardId?: number | null };
}

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  /** Also the id of each consumer's job for it; each webhook delivery's `webhook-id` is derived from it and the endpoint. */
  id: string;
  type: T;
  workspaceId: number;
  occurredAt: string;
  data: EventData[T];
}

/** What raising events needs: the database and its queue (a Runtime is one). */
export interface Store {
  database: Database;
  jobs: JobQueue;
}

/** The queues whose jobs carry an event of type T: the consumers it may go to. */
type ConsumerOf<T extends DomainEventType> = { [Q in QueueName]: DomainEvent<T> extends PayloadOf<Q> ? Q : never }[QueueName];

/** Which consumer queues take each event; a queue is listed for an event only if its jobs carry that event. */
export const CONSUMERS: { [T in DomainEventType]: ConsumerOf<T>[] } = {
  'review.created': ['milestones', 'webhooks'],
  'review.matched': ['milestones', 'alerts', 'webhooks'],
  'request.logged': ['webhooks'],
  'goal.reached': ['alerts', 'webhooks'],
  'target.reached': ['alerts'],
};

/**
 * Raises an event: one job per consumer with something to do, inside `tx` when given (committed with
 * the change, or not at all). `onceKey` names an occurrence that must be raised once however often it
 * is noticed (a goal reached in a week): the same key makes the same event id, and a consumer's job
 * id is the event id. `consumers` is what consumerColumns read for this event, when the caller read
 * it in its own statement (else it is read here, in `tx`). `coveredBy` names consumers that another event
 * raised in the same change does the work of (a review stored already matched: review.matched's
 * milestones check covers review.created's), so they get no job for this one.
 */
export async function raiseEvent<T extends DomainEventType>(
  jobs: JobQueue,
  event: { type: T; workspaceId: number; data: EventData[T] },
  options: { tx?: Db; onceKey?: string; consumers?: ConsumerFlags; coveredBy?: ConsumerOf<T>[] } = {},
): Promise<DomainEvent<T>> {
  const id = options.onceKey ? stableUuid(`event:${options.onceKey}`) : randomUUID();
  const raised: DomainEvent<T> = { id, occurredAt: new Date().toISOString(), ...event };
  const queues = options.consumers
    ? consumersWithWork(event.type, options.consumers)
    : options.tx
      ? await readConsumersWithWork(options.tx, event.workspaceId, event.type)
      : CONSUMERS[event.type];
  const covered: readonly QueueName[] = options.coveredBy ?? [];
  const sent = covered.length ? queues.filter((queue) => !covered.includes(queue)) : queues;
  // Sent together: on PostgreSQL the inserts go out in one write instead of one round trip each.
  // CONSUMERS' type holds that each of these queues carries this event.
  await Promise.all(sent.map((queue) => jobs.send(queue, raised as PayloadOf<typeof queue>, { id: raised.id, tx: options.tx })));
  return raised;
}

/** Whether the workspace has an enabled webhook endpoint, and an alert address, taking an event. */
export interface ConsumerFlags {
  webhooks: boolean;
  alerts: boolean;
}

/**
 * The columns, for a select from one workspace's row, that say whether it has an enabled webhook
 * endpoint and a Slack or Teams address set taking events of this type.
 */
export function consumerColumns(workspaceId: number, type: DomainEventType) {
  return {
    webhooks: sql<boolean>`EXISTS (SELECT 1 FROM ${webhookEndpoints} WHERE ${webhookEndpoints.workspaceId} = ${workspaceId}
      AND ${webhookEndpoints.disabledAt} IS NULL AND ${type} = ANY(${webhookEndpoints.events}))`,
    alerts: sql<boolean>`EXISTS (SELECT 1 FROM ${alertSettings} WHERE ${alertSettings.workspaceId} = ${workspaceId}
      AND (${alertSettings.slackUrlSealed} IS NOT NULL OR ${alertSettings.teamsUrlSealed} IS NOT NULL) AND ${type} = ANY(${alertSettings.events}))`,
  };
}

/**
 * The consumers of an event that have something to do in its workspace: webhooks when an enabled
 * endpoint takes the event, alerts when a Slack or Teams address is set and takes it, any other
 * consumer always. A consumer with nothing to do gets no job: a job queued, fetched, handled and
 * finished for nothing cost far more than this one read (most workspaces have neither webhooks nor
 * alerts). Read in the raising transaction, so an endpoint or alert saved before it commits is seen.
 */
function consumersWithWork(type: DomainEventType, found: ConsumerFlags | undefined): QueueName[] {
  return CONSUMERS[type].filter((queue) => (queue !== 'webhooks' || found?.webhooks) && (queue !== 'alerts' || found?.alerts));
}

async function readConsumersWithWork(tx: Pick<Db, 'select'>, workspaceId: number, type: DomainEventType): Promise<QueueName[]> {
  const consumers = CONSUMERS[type];
  if (!consumers.some((queue) => queue === 'webhooks' || queue === 'alerts')) return consumers;
  const [found] = await tx.select(consumerColumns(workspaceId, type)).from(workspaces).where(eq(workspaces.id, workspaceId));
  return consumersWithWork(type, found);
}

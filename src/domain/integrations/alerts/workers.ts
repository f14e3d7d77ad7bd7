import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { alertPosts, reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import type { DeliveryStatus } from '#shared/statuses.ts';
import type { DomainEvent } from '#domain/events/domain-events.ts';
import { QUEUES, queueAgain, leftToMake, type JobQueue, type SentJob, type Waited } from '#platform/jobs/queue.ts';
import { stableUuid } from '#platform/jobs/stable-id.ts';
import { log } from '#platform/log/log.ts';
import type { Runtime } from '#platform/runtime.ts';
import { findWallboard } from '#domain/game/wallboards.ts';
import { findWorkspaceById, type Workspace } from '#domain/workspace/workspaces.ts';
import { ALERT_EVENTS, type AlertEvent } from '#shared/event-names.ts';
import { alertLink, alertText, type AlertFacts } from './messages.ts';
import { LOW_RATING_MAX } from '#shared/replies.ts';
import { replyBoxPath } from '#shared/paths.ts';
import { AlertNotDelivered, postAlert } from './send.ts';
import { alertTargets, recordAlertOutcome } from './store.ts';
import type { AlertChannel } from './targets.ts';

// The alerts consumer reads an event once and stores one post per configured channel, sent in the
// transaction that raised the event (decision 071) and first tried right after its commit (decision
// 073), each retried on its own (a Slack outage never
// delays Teams, nor the other way round). A post is a row until it is made, so a restored backup still
// makes it (requeueUnsentAlertPosts).

/** A post's job. Jobs queued before posts were stored carry the channel and text themselves. */
export type AlertPostJob = { workspaceId: number; postId: string } | { workspaceId: number; channel: AlertChannel; text: string };

/** How long a made (or given up) post is kept: long enough to see in a backup, short enough not to pile up. */
const SETTLED_POSTS_KEPT_DAYS = 30;

type AlertDomainEvent = DomainEvent<AlertEvent>;

declare module '#platform/jobs/queue.ts' {
  interface QueuePayloads {
    alerts: AlertDomainEvent;
    'alert-delivery': AlertPostJob;
  }
}

async function teamName(db: Db, workspaceId: number, teamId: number | null): Promise<string | null> {
  if (teamId === null) return null;
  const [team] = await db
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, teamId)));
  return team?.name ?? null;
}

/** What the alert of an event says, read when it is handled; null when its review or team is gone. */
async function factsOf(db: Db, event: AlertDomainEvent, workspace: Workspace, publicUrl: string): Promise<AlertFacts | null> {
  const { workspaceId } = event;
  const { businessName } = workspace;
  if (event.type === 'review.matched') {
    const data = event.data as DomainEvent<'review.matched'>['data'];
    const [review] = await db
      .select({ rating: reviews.rating, source: reviews.source })
      .from(reviews)
      .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.id, data.reviewId)));
    const name = await teamName(db, workspaceId, data.teamId);
    if (!review || !name) return null;
    const [request] =
      data.requestId === null
        ? []
        : await db
            .select({ staffFirstName: reviewRequests.staffFirstName })
            .from(reviewRequests)
            .where(and(eq(reviewRequests.workspaceId, workspaceId), eq(reviewRequests.id, data.requestId)));
    const replyUrl =
      review.source === 'google' && review.rating <= LOW_RATING_MAX ? `${publicUrl.replace(/\/+$/, '')}${replyBoxPath(workspace.slug, data.reviewId)}` : null;
    return { event: 'review.matched', businessName, teamName: name, staffFirstName: request?.staffFirstName ?? null, rating: review.rating, replyUrl };
  }
  // A named wallboard's goal or target is its client's: the alert names the wallboard.
  const { wallboardId } = event.data as DomainEvent<'goal.reached' | 'target.reached'>['data'];
  const wallboard = wallboardId ? (await findWallboard(db, workspace, wallboardId))?.name : undefined;
  if (event.type === 'goal.reached') {
    const data = event.data as DomainEvent<'goal.reached'>['data'];
    return { event: 'goal.reached', businessName: wallboard ?? businessName, teamName: await teamName(db, workspaceId, data.teamId), goal: data.goal };
  }
  return { event: 'target.reached', businessName: wallboard ?? businessName, target: (event.data as DomainEvent<'target.reached'>['data']).target };
}

/** What the alert workers use of the process's runtime. */
export type AlertsRuntime = Pick<Runtime, 'config' | 'database' | 'jobs' | 'secretKey'>;

/**
 * The `alerts` consumer: one post per configured channel, stored and queued on `alert-delivery` in the
 * transaction `tx` (the one that raised the event: the queue works it there). A post's id comes from
 * the event's and the channel, so an event handled again queues nothing twice.
 */
export function alertsFanOut(runtime: AlertsRuntime) {
  return async (job: SentJob<AlertDomainEvent>, tx: Db): Promise<object> => {
    const event = job.data;
    if (!(ALERT_EVENTS as readonly string[]).includes(event.type)) return { queued: 0 };
    const [{ urls, events }, workspace] = await Promise.all([alertTargets(tx, event.workspaceId, runtime.secretKey), findWorkspaceById(tx, event.workspaceId)]);
    const channels = (Object.keys(urls) as AlertChannel[]).filter(() => events.includes(event.type));
    if (channels.length === 0) return { queued: 0 };
    const facts = workspace ? await factsOf(tx, event, workspace, runtime.config.publicUrl) : null;
    if (!facts) return { queued: 0 };
    const text = alertText(facts);
    const link = alertLink(facts);
    const { workspaceId } = event;
    let queued = 0;
    await tx
      .delete(alertPosts)
      .where(
        and(
          eq(alertPosts.workspaceId, workspaceId),
          inArray(alertPosts.status, ['delivered', 'failed']),
          lt(alertPosts.createdAt, sql`now() - make_interval(days => ${SETTLED_POSTS_KEPT_DAYS})`),
        ),
      );
    for (const channel of channels) {
      const id = stableUuid(`alert:${event.id}:${channel}`);
      // An event handled again (a job retried after its commit) finds its posts there and queues nothing twice.
      const [created] = await tx
        .insert(alertPosts)
        .values({ id, workspaceId, channel, text, link, status: 'pending' })
        .onConflictDoNothing()
        .returning({ id: alertPosts.id });
      if (!created) continue;
      await runtime.jobs.send(QUEUES.alertDelivery.name, { workspaceId, postId: id }, { id, tx });
      queued++;
    }
    return { queued };
  };
}

/** Posts one alert; a failure is kept on the admin's card and, unless final, tried again by the queue. */
export function alertDeliveryWorker(runtime: AlertsRuntime) {
  return async (job: SentJob<AlertPostJob>): Promise<object> => {
    const { db } = runtime.database;
    const { workspaceId } = job.data;
    // Read together: the post, and where it goes.
    const [[post], targets] = await Promise.all([
      'postId' in job.data
        ? db
            .select()
            .from(alertPosts)
            .where(and(eq(alertPosts.workspaceId, workspaceId), eq(alertPosts.id, job.data.postId)))
        : [{ id: null, channel: job.data.channel, text: job.data.text, link: null, attempts: 0, status: 'pending' as const }],
      alertTargets(db, workspaceId, runtime.secretKey),
    ]);
    if (!post) return { skipped: 'post gone' };
    if (post.status === 'delivered' || post.status === 'failed') return { skipped: `already ${post.status}` };
    const settle = async (status: DeliveryStatus) => {
      if (post.id)
        await db
          .update(alertPosts)
          .set({ status, attempts: sql`${alertPosts.attempts} + 1` })
          .where(eq(alertPosts.id, post.id));
    };
    const url = targets.urls[post.channel];
    if (!url) {
      await settle('failed');
      return { skipped: 'no longer configured' };
    }
    try {
      await postAlert(post.channel, url, post.text, runtime.config.allowPrivateWebhookTargets, post.link);
    } catch (error) {
      if (!(error instanceof AlertNotDelivered)) throw error;
      const final = error.final || post.attempts + 1 > QUEUES.alertDelivery.retryLimit;
      await settle(final ? 'failed' : 'retrying');
      await recordAlertOutcome(db, workspaceId, post.channel, error.message);
      log.warn({ workspaceId, channel: post.channel, final, err: error.message }, 'An alert was not delivered');
      if (final) return { failed: error.message };
      throw error;
    }
    // The card's last error is cleared by a success, and only written when there is one to clear.
    await Promise.all([settle('delivered'), targets.lastErrors[post.channel] !== null && recordAlertOutcome(db, workspaceId, post.channel, null)]);
    return { delivered: true };
  };
}

/** The posts left to make within `waited` (leftToMake), each as its job (its id is the post's). */
export async function unsentAlertPosts(db: Db, waited: Waited): Promise<{ id: string; data: AlertPostJob }[]> {
  const unsent = await db
    .select({ workspaceId: alertPosts.workspaceId, postId: alertPosts.id })
    .from(alertPosts)
    .where(leftToMake({ status: alertPosts.status, writtenAt: alertPosts.createdAt }, waited));
  return unsent.map(({ workspaceId, postId }) => ({ id: postId, data: { workspaceId, postId } }));
}

/**
 * Queues again every post still to be made (at start: see queueAgain), under its own job id; not one
 * never tried and younger than a first try can take: it may be under way in another instance (decision 073).
 */
export async function requeueUnsentAlertPosts(db: Db, jobs: JobQueue): Promise<number> {
  return queueAgain(jobs, QUEUES.alertDelivery.name, await unsentAlertPosts(db, { minSeconds: jobs.unsentAfterSeconds }));
}

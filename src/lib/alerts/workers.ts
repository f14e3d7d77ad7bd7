import { and, eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import type { Db } from '../db/database.ts';
import { reviewRequests, reviews, teams } from '../db/schema.ts';
import type { DomainEvent } from '../events/domain-events.ts';
import { stableUuid } from '../jobs/stable-id.ts';
import { log } from '../log.ts';
import type { Runtime } from '../runtime.ts';
import { findWallboard } from '../wallboards.ts';
import { findWorkspaceById, type Workspace } from '../workspaces.ts';
import { ALERT_EVENTS, alertText, type AlertEvent, type AlertFacts } from './messages.ts';
import { AlertNotDelivered, postAlert } from './send.ts';
import { alertTargets, recordAlertOutcome } from './store.ts';
import type { AlertChannel } from './targets.ts';

// The alerts consumer reads an event once and queues one post per configured channel, each retried
// on its own (a Slack outage never delays Teams, nor the other way round).

export interface AlertPost {
  workspaceId: number;
  channel: AlertChannel;
  text: string;
}

type AlertDomainEvent = DomainEvent<AlertEvent>;

async function teamName(db: Db, workspaceId: number, teamId: number | null): Promise<string | null> {
  if (teamId === null) return null;
  const [team] = await db.select({ name: teams.name }).from(teams).where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, teamId)));
  return team?.name ?? null;
}

/** What the alert of an event says, read when it is handled; null when its review or team is gone. */
async function factsOf(db: Db, event: AlertDomainEvent, workspace: Workspace): Promise<AlertFacts | null> {
  const { workspaceId } = event;
  const { businessName } = workspace;
  if (event.type === 'review.matched') {
    const data = event.data as DomainEvent<'review.matched'>['data'];
    const [review] = await db.select({ rating: reviews.rating }).from(reviews).where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.id, data.reviewId)));
    const name = await teamName(db, workspaceId, data.teamId);
    if (!review || !name) return null;
    const [request] =
      data.requestId === null
        ? []
        : await db
            .select({ staffFirstName: reviewRequests.staffFirstName })
            .from(reviewRequests)
            .where(and(eq(reviewRequests.workspaceId, workspaceId), eq(reviewRequests.id, data.requestId)));
    return { event: 'review.matched', businessName, teamName: name, staffFirstName: request?.staffFirstName ?? null, rating: review.rating };
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

export function alertsWorker(runtime: Runtime) {
  return async (job: Job<AlertDomainEvent>): Promise<object> => {
    const event = job.data;
    if (!(ALERT_EVENTS as readonly string[]).includes(event.type)) return { queued: 0 };
    const { db } = runtime.database;
    const { urls, events } = await alertTargets(db, event.workspaceId, runtime.secretKey);
    const channels = (Object.keys(urls) as AlertChannel[]).filter(() => events.includes(event.type));
    if (channels.length === 0) return { queued: 0 };
    const workspace = await findWorkspaceById(db, event.workspaceId);
    const facts = workspace ? await factsOf(db, event, workspace) : null;
    if (!facts) return { queued: 0 };
    const text = alertText(facts);
    for (const channel of channels) {
      await runtime.jobs.send('alert-delivery', { workspaceId: event.workspaceId, channel, text } satisfies AlertPost, { id: stableUuid(`alert:${event.id}:${channel}`) });
    }
    return { queued: channels.length };
  };
}

/** Posts one alert; a failure is kept on the admin's card and, unless final, tried again by the queue. */
export function alertDeliveryWorker(runtime: Runtime) {
  return async (job: Job<AlertPost>): Promise<object> => {
    const { workspaceId, channel, text } = job.data;
    const { db } = runtime.database;
    const url = (await alertTargets(db, workspaceId, runtime.secretKey)).urls[channel];
    if (!url) return { skipped: 'no longer configured' };
    try {
      await postAlert(channel, url, text, runtime.config.allowPrivateWebhookTargets);
    } catch (error) {
      if (!(error instanceof AlertNotDelivered)) throw error;
      await recordAlertOutcome(db, workspaceId, channel, error.message);
      log.warn({ workspaceId, channel, final: error.final, err: error.message }, 'An alert was not delivered');
      if (error.final) return { failed: error.message };
      throw error;
    }
    await recordAlertOutcome(db, workspaceId, channel, null);
    return { delivered: true };
  };
}

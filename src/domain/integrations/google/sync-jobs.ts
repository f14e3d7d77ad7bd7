import { setTimeout as sleep } from 'node:timers/promises';
import type { Job } from 'pg-boss';
import type { JobQueue } from '#platform/jobs/queue.ts';
import { logError } from '#platform/log/log.ts';
import { findWorkspaceById, type Workspace } from '#domain/workspace/workspaces.ts';
import { connectedWorkspaceIds, fetchPushedReview, INTERNAL_ERROR, syncWorkspace, type SyncOutcome } from './sync.ts';
import type { GoogleRuntime } from './client.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { googleConnections, settings } from '#platform/db/schema.ts';
import { ACCOUNT_ID_KEY } from './connection.ts';
import { pushHealthy, registrationOf } from './push-setting.ts';

// Google syncs are jobs of the google-sync queue: its "exclusive" policy keyed by workspace lets one
// sync per workspace be queued or running at a time, across instances, whoever asked for it.

export interface GoogleSyncJob {
  workspaceId: number;
}

declare module '#platform/jobs/queue.ts' {
  interface QueuePayloads {
    'google-sync': GoogleSyncJob;
  }
}

/** How long Poll Now waits for its sync before answering that it is still running. */
export const POLL_NOW_WAIT_MS = 25_000;

const keyOf = (workspaceId: number) => `workspace:${workspaceId}`;

/** A Google push named this workspace's location, and the review when it could be read (see googlePushWorker). */
export interface GooglePushJob {
  workspaceId: number;
  reviewId?: string;
}

declare module '#platform/jobs/queue.ts' {
  interface QueuePayloads {
    'google-push': GooglePushJob;
  }
}

/** Why a push's ask for a sync waits: one of the workspace is queued or running, so this one cannot be queued yet. */
export class SyncAlreadyQueued extends Error {}

/**
 * The google-push queue's worker: the review the notification named is fetched and stored alone;
 * when none was named or it cannot be had that way, a sync of the workspace is queued. One already
 * queued would see the pushed review too, but one already running may have listed the reviews before
 * it was written, and the queue cannot tell them apart; so the ask is retried until a sync of its own
 * is queued.
 */
export function googlePushWorker(runtime: GoogleRuntime) {
  return async (job: Job<GooglePushJob>): Promise<{ stored: string } | { syncJobId: string }> => {
    const { workspaceId, reviewId } = job.data;
    if (reviewId) {
      const workspace = await findWorkspaceById(runtime.database.db, workspaceId);
      if (workspace && (await fetchPushedReview(runtime, workspace, reviewId)) === 'stored') return { stored: reviewId };
    }
    const syncJobId = await runtime.jobs.send('google-sync', { workspaceId }, { singletonKey: keyOf(workspaceId) });
    if (!syncJobId) throw new SyncAlreadyQueued(`A sync of workspace ${workspaceId} is queued or running; the push's sync follows it`);
    return { syncJobId };
  };
}

/** The google-sync queue's worker: the job's output is the sync's outcome. */
export function googleSyncWorker(runtime: GoogleRuntime) {
  return async (job: Job<GoogleSyncJob>): Promise<SyncOutcome> => {
    try {
      const workspace = await findWorkspaceById(runtime.database.db, job.data.workspaceId);
      if (!workspace) return { status: 'skipped', reason: 'not_connected' };
      return await syncWorkspace(runtime, workspace);
    } catch (error) {
      logError(`The Google sync of workspace ${job.data.workspaceId} failed`, error);
      return { status: 'failed', error: INTERNAL_ERROR, broken: false };
    }
  };
}

/** While Google's notifications arrive, the scheduled sync is only the safety net: hourly (issue 30). */
export const SYNC_EVERY_MS_WHILE_PUSHED = 60 * 60 * 1000;

/**
 * Whether a schedule tick syncs a workspace: every tick while push is off or silent; while it is
 * healthy, once the last sync is an hour old (less half a tick, so the tick nearest the hour takes it).
 */
export function scheduledSyncDue(workspace: { pushHealthy: boolean; lastSyncAt: Date | null }, slotSeconds: number, now: Date): boolean {
  if (!workspace.pushHealthy || !workspace.lastSyncAt) return true;
  return now.getTime() - workspace.lastSyncAt.getTime() >= SYNC_EVERY_MS_WHILE_PUSHED - (slotSeconds * 1000) / 2;
}

/**
 * A schedule tick: one sync job per connected workspace that is due, in the tick's time slot. Every
 * instance ticks; a slot holds one job per workspace, so each workspace is synced once per tick.
 */
export async function queueScheduledSyncs(runtime: GoogleRuntime, slotSeconds: number, now = new Date()): Promise<void> {
  for (const workspaceId of await scheduledSyncsDue(runtime.database.db, runtime.config.google.pubsub.topic, slotSeconds, now)) {
    await runtime.jobs.send('google-sync', { workspaceId }, { singletonKey: keyOf(workspaceId), singletonSeconds: slotSeconds });
  }
}

/** The connected workspaces a tick at `now` syncs (scheduledSyncDue), by their push health and last sync. */
export async function scheduledSyncsDue(db: Db, topic: string | undefined, slotSeconds: number, now: Date): Promise<number[]> {
  const ids = await connectedWorkspaceIds(db);
  if (ids.length === 0) return [];
  const [rows, accounts] = await Promise.all([
    db.select().from(googleConnections).where(inArray(googleConnections.workspaceId, ids)),
    db
      .select({ workspaceId: settings.workspaceId, value: settings.value })
      .from(settings)
      .where(and(eq(settings.key, ACCOUNT_ID_KEY), inArray(settings.workspaceId, ids))),
  ]);
  const states = new Map(rows.map((row) => [row.workspaceId, row]));
  const accountIds = new Map(accounts.map((row) => [row.workspaceId, row.value || null]));
  return ids.filter((workspaceId) => {
    const state = states.get(workspaceId);
    const healthy = state ? pushHealthy(registrationOf(state), topic, accountIds.get(workspaceId) ?? null, now) : false;
    return scheduledSyncDue({ pushHealthy: healthy, lastSyncAt: state?.lastSyncAt ?? null }, slotSeconds, now);
  });
}

export type PollNowResult = { status: 'busy' } | { status: 'running' } | SyncOutcome;

/**
 * Poll Now: a sync job for the workspace, waited for up to waitMs. "busy" when a sync of the
 * workspace is already queued or running; "running" when this one has not ended in time.
 */
export async function pollNow(jobs: JobQueue, workspace: Pick<Workspace, 'id'>, waitMs = POLL_NOW_WAIT_MS): Promise<PollNowResult> {
  const id = await jobs.send('google-sync', { workspaceId: workspace.id }, { singletonKey: keyOf(workspace.id) });
  if (!id) return { status: 'busy' };
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const job = await jobs.job('google-sync', id);
    if (job?.state === 'completed') return job.output as SyncOutcome;
    if (job?.state === 'failed' || job?.state === 'cancelled') return { status: 'failed', error: INTERNAL_ERROR, broken: false };
    await sleep(100);
  }
  return { status: 'running' };
}

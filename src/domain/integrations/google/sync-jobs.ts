import { setTimeout as sleep } from 'node:timers/promises';
import type { Job } from 'pg-boss';
import type { JobQueue } from '#platform/jobs/queue.ts';
import { logError } from '#platform/log/log.ts';
import { findWorkspaceById, type Workspace } from '#domain/workspace/workspaces.ts';
import { connectedWorkspaceIds, INTERNAL_ERROR, syncWorkspace, type SyncOutcome } from './sync.ts';
import type { GoogleRuntime } from './client.ts';

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

/** A Google push named this workspace's location: a sync must start after it (see googlePushWorker). */
export interface GooglePushJob {
  workspaceId: number;
}

declare module '#platform/jobs/queue.ts' {
  interface QueuePayloads {
    'google-push': GooglePushJob;
  }
}

/** Why a push's ask for a sync waits: one of the workspace is queued or running, so this one cannot be queued yet. */
export class SyncAlreadyQueued extends Error {}

/**
 * The google-push queue's worker: queues a sync of the workspace. One already queued would see the
 * pushed review too, but one already running may have listed the reviews before it was written, and
 * the queue cannot tell them apart; so the ask is retried until a sync of its own is queued.
 */
export function googlePushWorker(jobs: JobQueue) {
  return async (job: Job<GooglePushJob>): Promise<{ syncJobId: string }> => {
    const syncJobId = await jobs.send('google-sync', { workspaceId: job.data.workspaceId }, { singletonKey: keyOf(job.data.workspaceId) });
    if (!syncJobId) throw new SyncAlreadyQueued(`A sync of workspace ${job.data.workspaceId} is queued or running; the push's sync follows it`);
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

/**
 * A schedule tick: one sync job per connected workspace, in the tick's time slot. Every instance
 * ticks; a slot holds one job per workspace, so each workspace is synced once per tick.
 */
export async function queueScheduledSyncs(runtime: GoogleRuntime, slotSeconds: number): Promise<void> {
  for (const workspaceId of await connectedWorkspaceIds(runtime.database.db)) {
    await runtime.jobs.send('google-sync', { workspaceId }, { singletonKey: keyOf(workspaceId), singletonSeconds: slotSeconds });
  }
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

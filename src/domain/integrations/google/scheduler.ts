import { Cron } from 'croner';
import { googleConfigured, type GoogleRuntime } from './client.ts';
import { queueScheduledSyncs } from './sync-jobs.ts';
import { logError } from '#platform/log/log.ts';

/**
 * Queues the Google sync of every connected workspace on the configured schedule. Every instance
 * ticks; the queue keeps one job per workspace and tick (sync-jobs.ts), which one instance runs.
 */
export function startGoogleSyncSchedule(runtime: GoogleRuntime): { stop(): void } {
  if (!googleConfigured(runtime.config)) return { stop: () => {} };
  const tick = new Cron(
    runtime.config.google.syncSchedule,
    { protect: true, catch: (error) => logError('Could not queue the Google syncs', error) },
    async () => {
      const [next, after] = tick.nextRuns(2);
      const periodSeconds = next && after ? Math.max(1, Math.round((after.getTime() - next.getTime()) / 1000)) : 15 * 60;
      await queueScheduledSyncs(runtime, periodSeconds);
    },
  );
  return { stop: () => tick.stop() };
}

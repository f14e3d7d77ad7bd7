import { Cron } from 'croner';
import type { Runtime } from '../runtime.ts';
import { googleConfigured } from './client.ts';
import { syncAllWorkspaces } from './sync.ts';
import { logError } from '../log.ts';

/**
 * Runs the Google sync of every connected workspace on the configured schedule. Every instance runs
 * the schedule; the per-workspace advisory lock and the "synced less than half a period ago" guard
 * make one of them do the work, so each review is fetched once per period.
 */
export function startGoogleSyncSchedule(runtime: Runtime): { stop(): Promise<void> } {
  if (!googleConfigured(runtime.config)) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  const job = new Cron(runtime.config.google.syncSchedule, { protect: true, catch: (error) => logError('The Google sync run failed', error) }, async () => {
    const [next, after] = job.nextRuns(2);
    const period = next && after ? after.getTime() - next.getTime() : 15 * 60_000;
    running = syncAllWorkspaces(runtime, { minIntervalMs: period / 2 });
    try {
      await running;
    } finally {
      running = null;
    }
  });
  return {
    /** No further run starts; resolves when a run under way has ended. */
    stop: async () => {
      job.stop();
      await running?.catch(() => {});
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';
import { startJobQueue, type JobQueue } from './queue.ts';

// A backlog of jobs that each wait on an outside call (texts after a restart or at the end of quiet
// hours) is fetched in one go and worked side by side: one after another, each job of a batch would
// wait out the calls before it, and one a poll (2 s) a backlog of 60 texts took two minutes.

const BACKLOG = 5;

describe('a queue worked side by side', () => {
  let database: Database;
  let jobs: JobQueue;
  beforeAll(async () => {
    database = await migratedMemoryDatabase();
    jobs = await startJobQueue(database, { retryDelaySeconds: 1 });
  });
  afterAll(async () => {
    await jobs.stop(1000);
    await database.close();
  });

  it("runs a backlog's jobs at once, and settles each on its own", async () => {
    const ids = new Map<number, string>();
    for (let n = 1; n <= BACKLOG; n++) ids.set(n, (await jobs.send('sms', { workspaceId: 1, smsId: n }))!);
    let inFlight = 0;
    let most = 0;
    let allIn!: () => void;
    const together = new Promise<void>((resolve) => (allIn = resolve));
    const handled = new Set<number>();
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    await jobs.workOne(
      'sms',
      async (job) => {
        inFlight++;
        most = Math.max(most, inFlight);
        if (inFlight === BACKLOG) allIn();
        // Waits for the others (an outside call in flight), or a second when they do not come.
        await Promise.race([together, new Promise((r) => setTimeout(r, 1000))]);
        inFlight--;
        handled.add(job.data.smsId);
        if (handled.size === BACKLOG) settle();
        if (job.data.smsId === 3) throw new Error('Twilio answered 503');
        return {};
      },
      { drain: BACKLOG, sideBySide: true },
    );
    await done;
    expect(most).toBe(BACKLOG);
    // The failed job alone is retried; the others are done.
    await expect.poll(async () => (await jobs.job('sms', ids.get(3)!))?.state).toBe('retry');
    expect((await jobs.job('sms', ids.get(1)!))?.state).toBe('completed');
  });
});

import { afterAll, beforeAll } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import type { Store } from '#domain/events/domain-events.ts';
import type { EmailSender } from '#domain/email/mailer.ts';
import { emailWorker } from '#domain/email/outbox.ts';
import { startJobQueue, type JobQueue } from '#platform/jobs/queue.ts';
import { migratedMemoryDatabase } from './unit-database.ts';

/** The job queue on a unit test's database, sending its emails through `sender` as the runtime does. */
export async function unitEmailQueue(database: Database, sender: EmailSender): Promise<JobQueue> {
  const jobs = await startJobQueue(database);
  await jobs.work('email', emailWorker(database, sender));
  return jobs;
}

export interface UnitStore extends Store {
  /** Stops the queue and closes the database. */
  close(): Promise<void>;
}

/** A unit test's own in-memory database, migrated, with its job queue (no workers: the jobs raised stay queued). */
async function openUnitStore(): Promise<UnitStore> {
  const database = await migratedMemoryDatabase();
  const jobs = await startJobQueue(database);
  return {
    database,
    jobs,
    close: async () => {
      await jobs.stop(1000);
      await database.close();
    },
  };
}

/** Gives the test file its own store (opened before its tests, closed after them), through `use`. */
export function withUnitStore(use: (store: UnitStore) => void): void {
  let store: UnitStore | undefined;
  beforeAll(async () => {
    store = await openUnitStore();
    use(store);
  });
  afterAll(() => store?.close());
}

import type { Database } from '../db/database.ts';
import type { Store } from '../events/domain-events.ts';
import type { EmailSender } from '../email/mailer.ts';
import { emailWorker } from '../email/outbox.ts';
import { startJobQueue, type JobQueue } from '../jobs/queue.ts';

/** The job queue on a unit test's database, sending its emails through `sender` as the runtime does. */
export async function unitEmailQueue(database: Database, sender: EmailSender): Promise<JobQueue> {
  const jobs = await startJobQueue(database);
  await jobs.work('email', emailWorker(database.db, sender));
  return jobs;
}

/** A unit test's database with its job queue (no workers: the jobs raised stay queued), as a Store. */
export async function unitStore(database: Database): Promise<Store> {
  return { database, jobs: await startJobQueue(database) };
}

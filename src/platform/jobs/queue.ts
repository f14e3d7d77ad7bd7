import { randomUUID } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type DrizzleTransactionLike, type Job, type JobResult, type JobWithMetadata, type Queue, type SendOptions } from 'pg-boss';
import { afterCommit } from '../db/after-commit.ts';
import type { Database, Db } from '../db/database.ts';
import { log, logError } from '../log/log.ts';
import type { DeliveryStatus } from '#shared/statuses.ts';

// The durable job queue (decision 038): pg-boss on the product's own database, through its PGlite
// adapter on the embedded one. Every queue the product uses is declared here, with its retry schedule.

// What outside receivers (Slack, Teams, webhook targets) get: the first retry within 10 s, the
// second within a minute, then further apart up to 10 h, for about a day (14 retries).
const DELIVERY_RETRIES = { retryLimit: 14, retryDelay: 5, retryBackoff: true, retryDelayMax: 36_000, expireInSeconds: 60 } as const;
// A consumer's own step (reading the event, fanning out deliveries) fails only when the database does.
const CONSUMER_RETRIES = { retryLimit: 10, retryDelay: 2, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 120 } as const;

export const QUEUES = {
  // Retried with backoff for about a day: 2-4 s, 4-8 s, ... then every 30 min (56 retries).
  email: { name: 'email', notify: true, retryLimit: 56, retryDelay: 2, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 120 },
  // One queued or running sync per workspace (singletonKey), across instances. A failed run is not
  // retried: the next scheduled one is the retry.
  googleSync: { name: 'google-sync', policy: 'exclusive', notify: true, retryLimit: 0, expireInSeconds: 1800 },
  // A Google push (issue 30) asks for a sync that starts after it: while one is queued or running the
  // ask tries again after 2 s, then twice as long each time up to a minute, for about an hour.
  // One fetch of one review (QUICK_RETRY: two tries of at most callTimeoutMs each, 5 s,
  // src/domain/integrations/google/sync.ts): a job still active after 15 s was cut off by a crash. Its work is idempotent, so one cut short by load is only done twice.
  googlePush: { name: 'google-push', notify: true, retryLimit: 60, retryDelay: 2, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 15 },
  // Consumers of domain events (src/domain/events/domain-events.ts), one queue each.
  milestones: { name: 'milestones', notify: true, ...CONSUMER_RETRIES },
  alerts: { name: 'alerts', notify: true, ...CONSUMER_RETRIES },
  alertDelivery: { name: 'alert-delivery', notify: true, ...DELIVERY_RETRIES },
  // Outbound webhooks (decision 043): the fan-out of an event to endpoints, then each delivery.
  webhooks: { name: 'webhooks', notify: true, ...CONSUMER_RETRIES },
  webhookDelivery: { name: 'webhook-delivery', notify: true, ...DELIVERY_RETRIES },
  // Text messages (issue 29): Twilio's 429 and 5xx retried as other outside deliveries are. A call to
  // Twilio waits at most a third of the job's expiry (callTimeoutMs; a job makes two at most), so a job
  // still running after it was on a process that ended.
  sms: { name: 'sms', notify: true, ...DELIVERY_RETRIES, expireInSeconds: 30 },
} as const satisfies Record<string, Queue>;

/**
 * The queues whose job's outside calls are bounded by a share of the job's expiry: in the test schedule they
 * expire after TEST_EXPIRY_SECONDS, so a kill -9 test waits for a killed job's retry for seconds, not
 * for the production expiry (their calls are cut after that share of it, as in production).
 */
const SELF_TIMED_QUEUES: ReadonlySet<string> = new Set([QUEUES.sms.name, QUEUES.googlePush.name]);
const TEST_EXPIRY_SECONDS = 6;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

/**
 * What a job of each queue carries: one entry per queue, declared by the wing that owns the queue,
 * beside its producer and its worker (`declare module '#platform/jobs/queue.ts'`). A send, a worker and
 * a read of the same queue agree on it when the code is checked; a queue without its entry takes no job
 * (its payload is `never`), and src/app/runtime.ts checks that every queue above has one.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the wings fill it in (declaration merging).
export interface QueuePayloads {}

/** The payload of queue `Q`'s jobs. */
export type PayloadOf<Q extends QueueName> = Q extends keyof QueuePayloads ? QueuePayloads[Q] : never;

/** Settles each job of a batch on its own: `completed`, or `failed` (retried while retries remain). */
export type BatchHandler<T> = (jobs: JobWithMetadata<T>[]) => Promise<JobResult[]>;

export interface QueueSendOptions extends Pick<SendOptions, 'id' | 'singletonKey' | 'singletonSeconds' | 'startAfter'> {
  /**
   * A transaction the job is inserted in: it exists exactly when the transaction commits. A queue
   * worked in the sending transaction (workInTransaction) is worked in it instead.
   */
  tx?: Db;
}

/**
 * Which rows still to be made workAfterCommit's sweep, or a start, queues again: those written less
 * than maxSeconds ago (the sweep's), and of them one never tried only once it is minSeconds old (it
 * may be in its first try in the process that wrote it).
 */
export interface Waited {
  minSeconds: number;
  maxSeconds?: number;
}

/**
 * The condition, on a delivery's row (`status` pending, retrying, delivered or failed, and when it
 * was written), that it is still to be made and may be queued again within `waited`: a retrying one
 * always has had its try, a pending one may be in its first.
 */
export function leftToMake(row: { status: AnyColumn; writtenAt: AnyColumn }, waited: Waited): SQL {
  const [retrying, pending] = [sql.raw(`'${'retrying' satisfies DeliveryStatus}'`), sql.raw(`'${'pending' satisfies DeliveryStatus}'`)];
  const left = sql`(${row.status} = ${retrying} OR (${row.status} = ${pending} AND ${row.writtenAt} <= now() - make_interval(secs => ${waited.minSeconds})))`;
  return waited.maxSeconds === undefined ? left : sql`${left} AND ${row.writtenAt} > now() - make_interval(secs => ${waited.maxSeconds})`;
}

/** A job as a handler in the sending transaction, or after its commit, sees it: its id and payload. */
export interface SentJob<T> {
  id: string;
  data: T;
}

export interface JobQueue {
  /** Queues a job; null when the queue's policy or the given id already holds one like it. */
  send<Q extends QueueName>(queue: Q, data: PayloadOf<Q>, options?: QueueSendOptions): Promise<string | null>;
  /** Handles the queue's jobs in batches (many at once after an outage). */
  work<Q extends QueueName>(queue: Q, handler: BatchHandler<PayloadOf<Q>>): Promise<void>;
  /**
   * Handles the queue's jobs each on its own; what the handler returns is the job's output, what it
   * throws fails that job alone. `drain`: a backlog (a burst, or jobs left across a restart) is fetched
   * up to that many at a time and worked through without waiting a polling interval between jobs, one
   * after another, or all at once with `sideBySide` (jobs that wait on an outside call each within its
   * own deadline: one after another, the last of a batch would wait out the others' calls past its expiry).
   */
  workOne<Q extends QueueName>(
    queue: Q,
    handler: (job: Job<PayloadOf<Q>>) => Promise<object>,
    options?: { drain?: number; sideBySide?: boolean },
  ): Promise<void>;
  /**
   * Handles the queue's jobs in the transaction that sends them: a send with `tx` calls the handler
   * there and stores no job, so the handler's writes commit with the change that sent it, or not at
   * all. For a consumer that only reads and writes this database, where a job's insert, its fetch on
   * every instance its NOTIFY wakes and its completion cost more than the work. A send without `tx`,
   * and a job queued before (by an earlier version), is worked as workOne's are, the handler in a
   * transaction of its own. What the handler throws fails the sending transaction. A send in the
   * transaction runs at once: `startAfter` and the singleton options have nothing to apply to.
   */
  workInTransaction<Q extends QueueName>(
    queue: Q,
    handler: (job: SentJob<PayloadOf<Q>>, tx: Db) => Promise<object>,
    options?: { drain?: number },
  ): Promise<void>;
  /**
   * Handles the queue's jobs in the process that sends them, right after the sending transaction
   * commits (decision 073): a send with `tx` stores no job, and the handler's first try follows the
   * commit at once, side by side with others up to AFTER_COMMIT_AT_ONCE (a burst waits its turn in
   * memory, up to AFTER_COMMIT_WAITING and for half of UNSENT_AFTER_SECONDS, then goes to the queue as
   * jobs). What it throws queues the job
   * for its retries, which go on from the queue's second step (afterFirstTry). For deliveries to the
   * outside whose row, written in that transaction, is the durable record: a process that ends before
   * the try is done leaves the row still to be made, and every instance queues again, each
   * UNSENT_SWEEP_SECONDS, what `unsent` finds waiting between UNSENT_AFTER_SECONDS (longer than a try
   * can take) and UNSENT_UNTIL_SECONDS (at start, the wing queues again everything older than
   * UNSENT_AFTER_SECONDS). A send without `tx`, one over AFTER_COMMIT_WAITING, and a job queued before
   * are worked as workOne's with `drain` and `sideBySide`. A send in the transaction is tried once it
   * commits: `startAfter` and the singleton options have nothing to apply to.
   */
  workAfterCommit<Q extends QueueName>(
    queue: Q,
    handler: (job: SentJob<PayloadOf<Q>>) => Promise<object>,
    options: { drain: number; unsent: (waited: Waited) => Promise<{ id: string; data: PayloadOf<Q> }[]> },
  ): Promise<void>;
  /** How old work never tried must be before it is queued again (UNSENT_AFTER_SECONDS; the tests' schedule's own). */
  unsentAfterSeconds: number;
  job<Q extends QueueName>(queue: Q, id: string): Promise<JobWithMetadata<PayloadOf<Q>> | null>;
  /**
   * How long one outside call of a job of this queue may wait: a third of the job's expiry (the test
   * schedule's, in tests), so that a job of two calls ends before it could be taken for one whose
   * process ended.
   */
  callTimeoutMs(queue: QueueName): number;
  /** True between start and stop. */
  running(): boolean;
  /** Takes no new job, waits up to timeoutMs for the running ones; those still running are retried later. */
  stop(timeoutMs: number): Promise<void>;
}

const EMAIL_BATCH = 20;
/** First tries run after commits side by side at most; more wait their turn in memory. */
const AFTER_COMMIT_AT_ONCE = 10;
/**
 * First tries waiting their turn at most (a burst of CRM deliveries). Their rows are the record: a
 * process that ends leaves them to the sweep, as it does a try under way, where a job fetched by it
 * would wait out its expiry (60 s) first. Past this many, more go to the queue as jobs.
 */
const AFTER_COMMIT_WAITING = 1000;
/** How often each instance looks for work left by a process that ended after a commit (tests: 2 s). */
const UNSENT_SWEEP_SECONDS = 60;
/**
 * Longer than a first try can take (its outside call is cut after 10 s): work younger and never tried
 * may be under way in the process that wrote it, so it is not queued again, by the sweep or a start.
 * The tests' schedule takes 12 s (their receivers answer at once), so a kill -9 test sees the sweep.
 */
const UNSENT_AFTER_SECONDS = 60;
const TEST_UNSENT_AFTER_SECONDS = 12;
/**
 * A first try cut off is found within a few sweeps; what is older was found already, or is retried by
 * its job, so the sweep reads only a few minutes of rows (a start queues again all of them).
 */
const UNSENT_UNTIL_SECONDS = 300;
// With NOTIFY a new job starts at once; polling finds the retries that come due.
const POLL_SECONDS = 2;

export interface JobQueueOptions {
  /** Tests only (config.retryDelaySeconds): every retry after this many seconds, no backoff, polled as often. */
  retryDelaySeconds?: number | undefined;
}

/**
 * What the job of a first try made in process (workAfterCommit) is sent with so that its retries
 * follow the queue's schedule from its second step: it starts after the delay the queue's first retry
 * would have waited, and its own backoff starts where the queue's second one does (pg-boss waits
 * retryDelay * 2^n * (1 + random) before retry n + 1, so twice the delay is one step on), with one retry
 * fewer. Null when the queue retries nothing.
 */
export function afterFirstTry(queue: Queue): Pick<SendOptions, 'startAfter' | 'retryLimit' | 'retryDelay'> | null {
  const { retryLimit = 0, retryDelay = 0, retryBackoff = false } = queue;
  if (retryLimit < 1) return null;
  if (!retryBackoff) return { startAfter: retryDelay, retryLimit: retryLimit - 1, retryDelay };
  const firstWait = Math.min(queue.retryDelayMax ?? Infinity, Math.max(retryDelay, 1) * (1 + Math.random()));
  return { startAfter: Math.round(firstWait), retryLimit: retryLimit - 1, retryDelay: retryDelay * 2 };
}

/** A queue's schedule, or the test run's flat one: same retry count, so "failed after the last retry" still happens. */
export function scheduled(queue: Queue, retryDelaySeconds: number | undefined): Queue {
  if (retryDelaySeconds === undefined || !queue.retryLimit) return queue;
  // pg-boss takes a ceiling only with backoff.
  const { retryDelayMax: _ceiling, ...flat } = queue;
  return {
    ...flat,
    retryDelay: retryDelaySeconds,
    retryBackoff: false,
    ...(SELF_TIMED_QUEUES.has(queue.name) ? { expireInSeconds: TEST_EXPIRY_SECONDS } : {}),
  };
}

export async function startJobQueue(database: Database, { retryDelaySeconds }: JobQueueOptions = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    ...database.jobStore,
    useListenNotify: true,
    // The schedule is the product's own (croner, src/domain/integrations/google/scheduler.ts); pg-boss runs only queues.
    schedule: false,
    persistWarnings: false,
    // A job whose process ended is retried once it expires, found by a queue's monitor pass, which
    // the supervisor runs (both every 60 s); the tests' schedule runs both every 5 s, so a kill -9 test
    // waits for the expiry, not for the pass.
    ...(retryDelaySeconds === undefined ? {} : { superviseIntervalSeconds: 5, monitorIntervalSeconds: 5 }),
  });
  boss.on('error', (error) => logError('The job queue reported an error', error));
  boss.on('warning', (warning) => log.warn({ warning: warning.message }, 'The job queue warned'));
  let started = false;
  await boss.start();
  started = true;
  const schedules = new Map<string, Queue>();
  for (const declared of Object.values(QUEUES)) {
    const queue = scheduled(declared, retryDelaySeconds);
    schedules.set(queue.name, queue);
    // createQueue is idempotent; updateQueue brings an existing queue to the schedule declared above.
    await boss.createQueue(queue.name, queue);
    const { name, policy: _policy, ...changeable } = queue as Queue;
    await boss.updateQueue(name, changeable);
  }
  const pollSeconds = Math.min(POLL_SECONDS, retryDelaySeconds ?? POLL_SECONDS);
  const polling = { pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: pollSeconds };
  const inTransaction = new Map<string, (job: SentJob<never>, tx: Db) => Promise<object>>();
  const afterCommitted = new Map<string, (job: SentJob<never>) => Promise<object>>();
  const firstTries = new Set<Promise<void>>();
  const waiting: { queue: string; job: SentJob<never>; since: number }[] = [];
  const sweeps: NodeJS.Timeout[] = [];
  const sweepSeconds = retryDelaySeconds === undefined ? UNSENT_SWEEP_SECONDS : 2;
  const unsentAfterSeconds = retryDelaySeconds === undefined ? UNSENT_AFTER_SECONDS : TEST_UNSENT_AFTER_SECONDS;
  // A first try that waited this long goes to the queue instead: started later, it could still be under
  // way when the sweep takes its row for left behind (a burst towards a receiver that answers slowly).
  const waitMs = (unsentAfterSeconds * 1000) / 2;
  const queueJob = (queue: string, job: SentJob<never>) =>
    boss.send(queue, job.data as object, { id: job.id }).catch((error) => logError(`Could not queue a job of ${queue}`, error));

  /** A first try, after the commit of the send: its failure queues the job for the retries. */
  const tryFirst = (queue: string, job: SentJob<never>): void => {
    if (!started) return; // stopping: the row is still to be made, and the sweep or a start queues it again
    if (firstTries.size >= AFTER_COMMIT_AT_ONCE) {
      if (waiting.length < AFTER_COMMIT_WAITING) waiting.push({ queue, job, since: Date.now() });
      else void queueJob(queue, job);
      return;
    }
    const handler = afterCommitted.get(queue)!;
    const tried = (async () => {
      try {
        await handler(job);
      } catch (error) {
        const retries = afterFirstTry(schedules.get(queue)!);
        if (!retries) return logError(`A job of ${queue} failed and is not retried`, error);
        await boss.send(queue, job.data as object, { id: job.id, ...retries });
      }
    })()
      .catch((error) => logError(`Could not queue the retries of a job of ${queue}`, error))
      .finally(() => {
        firstTries.delete(tried);
        let next = waiting.shift();
        while (next && Date.now() - next.since > waitMs) {
          void queueJob(next.queue, next.job);
          next = waiting.shift();
        }
        if (next) tryFirst(next.queue, next.job);
      });
    firstTries.add(tried);
  };

  const jobQueue: JobQueue = {
    send: async (queue, data, { tx, ...options } = {}) => {
      const handler = tx && inTransaction.get(queue);
      if (handler) {
        const id = options.id ?? randomUUID();
        await handler({ id, data: data as never }, tx);
        return id;
      }
      if (tx && afterCommitted.has(queue)) {
        const id = options.id ?? randomUUID();
        if (afterCommit(tx, () => tryFirst(queue, { id, data: data as never }))) return id;
      }
      return boss.send(queue, data as object, { ...options, ...(tx ? { db: fromDrizzle(tx as DrizzleTransactionLike, sql) } : {}) });
    },
    work: async (queue, handler) => {
      await boss.work(queue, { ...polling, batchSize: EMAIL_BATCH, burstWhenBatchFull: true, includeMetadata: true, perJobResults: true }, (jobs) =>
        handler(jobs as JobWithMetadata<never>[]),
      );
    },
    workOne: async (queue, handler, { drain = 1, sideBySide = false } = {}) => {
      if (drain <= 1) {
        await boss.work(queue, { ...polling, batchSize: 1 }, async ([job]) => handler(job as Job<never>));
        return;
      }
      const settle = async (job: Job<unknown>): Promise<JobResult> => {
        try {
          return { id: job.id, status: 'completed', output: await handler(job as Job<never>) };
        } catch (error) {
          return { id: job.id, status: 'failed', output: { message: error instanceof Error ? error.message : String(error) } };
        }
      };
      await boss.work(queue, { ...polling, batchSize: drain, burstWhenBatchFull: true, perJobResults: true }, async (jobs) => {
        if (sideBySide) return Promise.all(jobs.map(settle));
        const results: JobResult[] = [];
        for (const job of jobs) results.push(await settle(job));
        return results;
      });
    },
    workInTransaction: async (name, handler, options) => {
      inTransaction.set(name, handler as (job: SentJob<never>, tx: Db) => Promise<object>);
      await jobQueue.workOne(name, (job) => database.db.transaction((tx) => handler(job, tx)), options);
    },
    workAfterCommit: async (name, handler, { drain, unsent }) => {
      afterCommitted.set(name, handler as (job: SentJob<never>) => Promise<object>);
      await jobQueue.workOne(name, handler, { drain, sideBySide: true });
      const waited: Waited = { minSeconds: unsentAfterSeconds, maxSeconds: UNSENT_UNTIL_SECONDS };
      const sweep = setInterval(() => {
        unsent(waited)
          .then((left) => queueAgain(jobQueue, name, left))
          .then((queued) => {
            if (queued) log.info({ queue: name, queued }, 'Queued work a process left after its commit');
          })
          .catch((error) => logError(`Could not look for work of ${name} left after a commit`, error));
      }, sweepSeconds * 1000);
      sweep.unref();
      sweeps.push(sweep);
    },
    unsentAfterSeconds,
    job: (queue, id) => boss.getJobById(queue, id),
    callTimeoutMs: (queue) => (schedules.get(queue)!.expireInSeconds! * 1000) / 3,
    running: () => started,
    stop: async (timeoutMs) => {
      if (!started) return;
      started = false;
      for (const sweep of sweeps) clearInterval(sweep);
      // What waits its turn goes to the queue, for this or another instance to make without waiting for the sweep.
      await Promise.all(waiting.splice(0).map(({ queue, job }) => queueJob(queue, job)));
      // First tries under way are given the time the queue's running jobs are, out of the same timeoutMs.
      const stopBy = Date.now() + timeoutMs;
      await Promise.race([Promise.all(firstTries), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
      await boss.stop({ graceful: true, timeout: Math.max(100, stopBy - Date.now()), close: true });
    },
  };
  return jobQueue;
}

/**
 * Queues again, each under the job id it had, work a table says is still to be done: a backup carries
 * the tables, not the queue, so after a restore this sends what was waiting; at any other start the
 * queue still holds those ids and nothing is queued twice. Returns how many were queued.
 */
export async function queueAgain<Q extends QueueName>(jobs: JobQueue, queue: Q, unsent: { id: string; data: PayloadOf<Q> }[]): Promise<number> {
  let queued = 0;
  for (const { id, data } of unsent) {
    if (await jobs.send(queue, data, { id })) queued++;
  }
  return queued;
}

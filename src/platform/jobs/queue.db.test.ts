import { sql } from 'drizzle-orm';
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

// A consumer that only writes rows (the alerts and webhooks fan-out, decision 071) is worked in the
// transaction that sends its job: its writes commit with the change, or not at all, and no job is kept.

describe('a queue worked in the sending transaction', () => {
  let database: Database;
  let jobs: JobQueue;
  const handled: { id: string; reviewId: number; inSender: boolean }[] = [];
  beforeAll(async () => {
    database = await migratedMemoryDatabase();
    jobs = await startJobQueue(database, { retryDelaySeconds: 1 });
    await database.db.execute(sql`CREATE TABLE fanned_out (review_id integer PRIMARY KEY)`);
    await jobs.workInTransaction('webhooks', async (job, tx) => {
      const { reviewId } = job.data.data as { reviewId: number };
      // A row of the sender's, not yet committed, is visible to the handler only in the sender's transaction.
      const [seen] = ((await tx.execute(sql`SELECT count(*)::int AS n FROM fanned_out WHERE review_id = ${-reviewId}`)) as unknown as { rows: { n: number }[] })
        .rows;
      handled.push({ id: job.id, reviewId, inSender: seen!.n === 1 });
      await tx.execute(sql`INSERT INTO fanned_out VALUES (${reviewId})`);
      return {};
    });
  });
  afterAll(async () => {
    await jobs.stop(1000);
    await database.close();
  });

  const event = (reviewId: number) =>
    ({ id: crypto.randomUUID(), type: 'review.created', workspaceId: 1, occurredAt: new Date().toISOString(), data: { reviewId } }) as const;
  const rows = async () =>
    ((await database.db.execute(sql`SELECT review_id FROM fanned_out ORDER BY review_id`)) as unknown as { rows: { review_id: number }[] }).rows.map(
      (r) => r.review_id,
    );

  it('runs the handler in the transaction, keeping no job, and nothing of it when the transaction rolls back', async () => {
    const sent = event(1);
    const id = await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO fanned_out VALUES (-1)`);
      return jobs.send('webhooks', sent, { id: sent.id, tx });
    });
    expect(id).toBe(sent.id);
    expect(handled).toEqual([{ id: sent.id, reviewId: 1, inSender: true }]);
    expect(await jobs.job('webhooks', sent.id)).toBeNull();

    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send('webhooks', event(2), { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([-1, 1]);
  });

  it('works a job sent without a transaction (or queued before) in a transaction of its own', async () => {
    const sent = event(3);
    await jobs.send('webhooks', sent, { id: sent.id });
    await expect.poll(rows).toContain(3);
    expect(handled.at(-1)).toEqual({ id: sent.id, reviewId: 3, inSender: false });
    await expect.poll(async () => (await jobs.job('webhooks', sent.id))?.state).toBe('completed');
  });
});

// A delivery to the outside (a Slack post, a webhook) is first tried by the process that made the
// change, once its transaction commits (decision 073): no job is stored for the usual try that gets
// through, and a failed one becomes a job that the queue retries.

describe('a queue first tried after the sending transaction commits', () => {
  let database: Database;
  let jobs: JobQueue;
  const tried: { id: string; deliveryId: string; committed: boolean }[] = [];
  let failing = new Set<string>();
  let left: { id: string; data: { workspaceId: number; deliveryId: string } }[] = [];
  let inFlight = 0;
  let most = 0;
  // Holds the tries of deliveries named `slow …` until opened (a receiver that answers slowly).
  let openSlow!: () => void;
  const slow = new Promise<void>((resolve) => (openSlow = resolve));
  beforeAll(async () => {
    database = await migratedMemoryDatabase();
    jobs = await startJobQueue(database, { retryDelaySeconds: 1 });
    await database.db.execute(sql`CREATE TABLE changes (delivery_id text PRIMARY KEY)`);
    await jobs.workAfterCommit(
      'webhook-delivery',
      async (job) => {
        inFlight++;
        most = Math.max(most, inFlight);
        // An outside call's time, so that a burst's tries overlap.
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (job.data.deliveryId.startsWith('slow')) await slow;
        inFlight--;
        const [found] = (
          (await database.db.execute(sql`SELECT count(*)::int AS n FROM changes WHERE delivery_id = ${job.data.deliveryId}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows;
        tried.push({ id: job.id, deliveryId: job.data.deliveryId, committed: found!.n === 1 });
        if (failing.has(job.data.deliveryId)) {
          failing.delete(job.data.deliveryId);
          throw new Error('the receiver answered 500');
        }
        return {};
      },
      {
        drain: 5,
        unsent: async () => {
          const found = left;
          left = [];
          return found;
        },
      },
    );
  });
  afterAll(async () => {
    await jobs.stop(1000);
    await database.close();
  });

  const change = (deliveryId: string, fail = false) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO changes VALUES (${deliveryId})`);
      const id = await jobs.send('webhook-delivery', { workspaceId: 1, deliveryId }, { id: crypto.randomUUID(), tx });
      if (fail) throw new Error('the change failed');
      // Not before the commit: the change is not there for anyone else yet.
      expect(tried.filter((t) => t.deliveryId === deliveryId)).toEqual([]);
      return id!;
    });

  it('tries the delivery once the change commits, keeping no job, and never when the change rolls back', async () => {
    const id = await change('d1');
    await expect.poll(() => tried.filter((t) => t.deliveryId === 'd1')).toEqual([{ id, deliveryId: 'd1', committed: true }]);
    expect(await jobs.job('webhook-delivery', id)).toBeNull();

    await expect(change('d2', true)).rejects.toThrow('the change failed');
    await change('d3');
    await expect.poll(() => tried.map((t) => t.deliveryId)).toContain('d3');
    expect(tried.map((t) => t.deliveryId)).not.toContain('d2');
  });

  it('queues a failed first try under its id, and the queue tries it again after the first retry delay', async () => {
    failing = new Set(['d4']);
    const id = await change('d4');
    await expect.poll(() => tried.filter((t) => t.deliveryId === 'd4').length, { timeout: 10_000 }).toBe(2);
    expect(tried.filter((t) => t.deliveryId === 'd4').map((t) => t.id)).toEqual([id, id]);
    await expect.poll(async () => (await jobs.job('webhook-delivery', id))?.state, { timeout: 5000 }).toBe('completed');
    const job = (await jobs.job('webhook-delivery', id))!;
    // Its retries go on from the queue's second step: one fewer than the queue's, after the first try's.
    expect(job.retryLimit).toBe(13);
  });

  it('tries a burst ten at a time, the rest waiting their turn in memory, none stored as a job', async () => {
    most = 0;
    const burst = Array.from({ length: 25 }, (_, i) => `burst ${i}`);
    const ids = await database.db.transaction(async (tx) => {
      const sent: string[] = [];
      for (const deliveryId of burst) {
        await tx.execute(sql`INSERT INTO changes VALUES (${deliveryId})`);
        sent.push((await jobs.send('webhook-delivery', { workspaceId: 1, deliveryId }, { id: crypto.randomUUID(), tx }))!);
      }
      return sent;
    });
    await expect.poll(() => burst.filter((d) => tried.some((t) => t.deliveryId === d)).length).toBe(burst.length);
    expect(most).toBe(10);
    for (const id of ids) expect(await jobs.job('webhook-delivery', id)).toBeNull();
  });

  it('queues a first try that waited its turn for half the time after which the sweep takes its row, instead of trying it late', async () => {
    const [late] = await database.db.transaction(async (tx) => {
      const sent: string[] = [];
      for (const deliveryId of [...Array.from({ length: 10 }, (_, i) => `slow ${i}`), 'waited']) {
        await tx.execute(sql`INSERT INTO changes VALUES (${deliveryId})`);
        sent.unshift((await jobs.send('webhook-delivery', { workspaceId: 1, deliveryId }, { id: crypto.randomUUID(), tx }))!);
      }
      return sent;
    });
    // The tests' schedule takes work for left behind after 12 s: a try that waited 6 s goes to the queue.
    await new Promise((resolve) => setTimeout(resolve, 6500));
    expect(tried.some((t) => t.deliveryId === 'waited')).toBe(false);
    openSlow();
    await expect.poll(async () => (await jobs.job('webhook-delivery', late!))?.state, { timeout: 10_000 }).toBe('completed');
    expect(tried.filter((t) => t.deliveryId === 'waited').map((t) => t.id)).toEqual([late]);
  });

  it('queues again, under its own id, what a process left after its commit when the sweep finds it', async () => {
    const id = crypto.randomUUID();
    left = [{ id, data: { workspaceId: 1, deliveryId: 'left behind' } }];
    await expect.poll(() => tried.filter((t) => t.deliveryId === 'left behind').map((t) => t.id), { timeout: 10_000 }).toEqual([id]);
    await expect.poll(async () => (await jobs.job('webhook-delivery', id))?.state, { timeout: 5000 }).toBe('completed');
  });
});

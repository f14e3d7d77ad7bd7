import { describe, expect, it } from 'vitest';
import type { Queue } from 'pg-boss';
import { afterFirstTry, QUEUES, scheduled } from './queue.ts';

/**
 * The earliest and latest moment, in seconds after the first failure, of a queue's last retry, by
 * pg-boss's backoff: retry n (from 0) waits min(max, delay * 2^min(16, n+1) / 2 * (1 + random)).
 */
function lastRetryWithin(queue: Queue): [number, number] {
  let early = 0;
  let late = 0;
  for (let n = 0; n < (queue.retryLimit ?? 0); n++) {
    if (!queue.retryBackoff) {
      early += queue.retryDelay ?? 0;
      late += queue.retryDelay ?? 0;
      continue;
    }
    const base = Math.max(queue.retryDelay ?? 0, 1) * (2 ** Math.min(16, n + 1) / 2);
    early += Math.min(queue.retryDelayMax ?? Infinity, base);
    late += Math.min(queue.retryDelayMax ?? Infinity, 2 * base);
  }
  return [early, late];
}

const HOUR = 3600;

describe("the queues' retry schedules", () => {
  it('keep trying an email for about a day, the first retry within seconds', () => {
    const [early, late] = lastRetryWithin(QUEUES.email);
    expect(early).toBeGreaterThan(20 * HOUR);
    expect(late).toBeLessThan(30 * HOUR);
    expect(QUEUES.email.retryDelay * 2).toBeLessThanOrEqual(4);
  });

  it('keep trying a Slack, Teams or webhook delivery for about a day, the first retry within 10 s', () => {
    for (const queue of [QUEUES.alertDelivery, QUEUES.webhookDelivery]) {
      const [early, late] = lastRetryWithin(queue);
      expect(early).toBeGreaterThan(18 * HOUR);
      expect(late).toBeLessThan(36 * HOUR);
      expect(queue.retryDelay * 2).toBeLessThanOrEqual(10);
    }
  });

  it("retry a consumer's step for minutes, not a day: only a database outage fails it", () => {
    for (const queue of [QUEUES.milestones, QUEUES.alerts, QUEUES.webhooks]) {
      const [early, late] = lastRetryWithin(queue);
      expect(early).toBeGreaterThan(5 * 60);
      expect(late).toBeLessThan(2 * HOUR);
    }
  });

  it('after a first try made in process (decision 073), retry a Slack, Teams or webhook delivery on its own schedule from the second step', () => {
    for (const queue of [QUEUES.alertDelivery, QUEUES.webhookDelivery]) {
      const retries = afterFirstTry(queue)!;
      expect(retries.startAfter).toBeGreaterThanOrEqual(queue.retryDelay);
      expect(retries.startAfter).toBeLessThanOrEqual(2 * queue.retryDelay);
      // The job's first run is the queue's first retry; the job's own retries are the queue's others.
      const [early, late] = lastRetryWithin({ ...queue, ...retries });
      expect([queue.retryDelay + early, 2 * queue.retryDelay + late]).toEqual(lastRetryWithin(queue));
    }
    expect(afterFirstTry(scheduled(QUEUES.webhookDelivery, 1))).toEqual({ startAfter: 1, retryLimit: QUEUES.webhookDelivery.retryLimit - 1, retryDelay: 1 });
    expect(afterFirstTry(QUEUES.googleSync)).toBeNull();
  });

  it("under the tests' flat schedule keep each queue's number of retries, a second apart, and leave the unretried alone", () => {
    const flat = scheduled(QUEUES.email, 1);
    expect(flat).toMatchObject({ name: 'email', retryLimit: QUEUES.email.retryLimit, retryDelay: 1, retryBackoff: false });
    expect(lastRetryWithin(flat)).toEqual([QUEUES.email.retryLimit, QUEUES.email.retryLimit]);
    expect(scheduled(QUEUES.googleSync, 1)).toBe(QUEUES.googleSync);
    expect(scheduled(QUEUES.email, undefined)).toBe(QUEUES.email);
  });

  it("under the tests' schedule expire a text's job in seconds, and only the queues whose work is timed by the expiry", () => {
    expect(scheduled(QUEUES.sms, 1).expireInSeconds).toBeLessThan(10);
    expect(scheduled(QUEUES.googlePush, 1).expireInSeconds).toBeLessThan(10);
    expect(scheduled(QUEUES.sms, undefined).expireInSeconds).toBe(30);
    expect(scheduled(QUEUES.email, 1).expireInSeconds).toBe(QUEUES.email.expireInSeconds);
    expect(scheduled(QUEUES.webhookDelivery, 1).expireInSeconds).toBe(QUEUES.webhookDelivery.expireInSeconds);
  });
});

import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('WorkQueue', () => {
  it('runs at most `concurrency` jobs at once', async () => {
    const queue = new WorkQueue(2);
    let running = 0;
    let most = 0;
    const job = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 10 }, () => queue.run(job, 'background')));
    expect(most).toBe(2);
    expect(queue.waiting).toBe(0);
  });

  it('starts a waiting urgent job before every waiting background job', async () => {
    const queue = new WorkQueue(1);
    const gate = deferred();
    const order: string[] = [];
    const first = queue.run(() => gate.promise, 'background');
    const background = Array.from({ length: 5 }, (_, i) => queue.run(async () => void order.push(`bg${i}`), 'background'));
    const urgent = queue.run(async () => void order.push('urgent'), 'urgent');
    gate.resolve();
    await Promise.all([first, urgent, ...background]);
    expect(order[0]).toBe('urgent');
  });

  it('passes results and failures through, and goes on after a failure', async () => {
    const queue = new WorkQueue(1);
    await expect(queue.run(async () => 42, 'urgent')).resolves.toBe(42);
    await expect(queue.run(async () => Promise.reject(new Error('boom')), 'urgent')).rejects.toThrow('boom');
    await expect(queue.run(async () => 'after', 'background')).resolves.toBe('after');
  });
});

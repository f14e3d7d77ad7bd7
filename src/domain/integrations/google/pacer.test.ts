import { describe, expect, it } from 'vitest';
import { Pacer } from './pacer.ts';

function clock() {
  let now = 0;
  const waits: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    advance: (ms: number) => (now += ms),
    waits,
  };
}

describe('Pacer', () => {
  it('lets a burst through at once, then keeps to the rate', async () => {
    const c = clock();
    const pacer = new Pacer({ perMinute: 60, burst: 3, now: c.now, sleep: c.sleep });
    for (let i = 0; i < 3; i++) await pacer.take();
    expect(c.now()).toBe(0);
    await pacer.take();
    await pacer.take();
    // One a second at 60 a minute.
    expect(c.waits).toEqual([1000, 1000]);
    expect(c.now()).toBe(2000);
  });

  it('refills while idle, never above the burst', async () => {
    const c = clock();
    const pacer = new Pacer({ perMinute: 60, burst: 2, now: c.now, sleep: c.sleep });
    await pacer.take();
    await pacer.take();
    c.advance(60_000);
    await pacer.take();
    await pacer.take();
    expect(c.waits).toEqual([]);
    await pacer.take();
    expect(c.waits).toEqual([1000]);
  });

  it('serves concurrent callers in order, one token each', async () => {
    const c = clock();
    const pacer = new Pacer({ perMinute: 120, burst: 1, now: c.now, sleep: c.sleep });
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => pacer.take().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
    expect(c.now()).toBe(1000);
  });
});

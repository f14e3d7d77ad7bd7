import { describe, expect, it } from 'vitest';
import { isLiveSubscription, planForPrice, planForSubscription } from './subscription-plan.ts';

const prices = { starter: 'price_s', team: 'price_t', agency: 'price_a' };

describe('planForPrice', () => {
  it("finds the plan of one of the operator's prices", () => {
    expect(planForPrice(prices, 'price_t')).toBe('team');
    expect(planForPrice(prices, 'price_a')).toBe('agency');
  });

  it('knows no plan for another price, a missing one, or a plan with no price set', () => {
    expect(planForPrice(prices, 'price_other')).toBeNull();
    expect(planForPrice(prices, null)).toBeNull();
    expect(planForPrice({ starter: undefined, team: 'price_t' }, '')).toBeNull();
  });
});

describe('planForSubscription', () => {
  it('gives the price’s plan while the subscription is paid for (or Stripe is still retrying)', () => {
    for (const status of ['active', 'trialing', 'past_due']) expect(planForSubscription(prices, { status, priceId: 'price_s' })).toBe('starter');
  });

  it('drops to free when the subscription is over or stopped for non-payment', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete_expired', 'paused'])
      expect(planForSubscription(prices, { status, priceId: 'price_a' })).toBe('free');
  });

  it('leaves the plan alone for a payment in progress, an unknown status or a foreign price', () => {
    expect(planForSubscription(prices, { status: 'incomplete', priceId: 'price_t' })).toBeNull();
    expect(planForSubscription(prices, { status: 'something_new', priceId: 'price_t' })).toBeNull();
    expect(planForSubscription(prices, { status: 'active', priceId: 'price_other' })).toBeNull();
  });

  it('counts a subscription as live until it ends', () => {
    expect(isLiveSubscription('active')).toBe(true);
    expect(isLiveSubscription('incomplete')).toBe(true);
    expect(isLiveSubscription('canceled')).toBe(false);
  });
});

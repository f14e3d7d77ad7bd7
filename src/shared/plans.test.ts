import { describe, expect, it } from 'vitest';
import { matchWithinPlan, planForRegistration } from './plans.ts';

const now = new Date('2026-11-23T00:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);

describe('planForRegistration', () => {
  it('starts a trial of the plan a pricing card asked for', () => {
    expect(planForRegistration({ defaultPlan: undefined, trialDays: 14 }, 'starter', now)).toEqual({ plan: 'starter', trialEndsAt: inDays(14) });
    expect(planForRegistration({ defaultPlan: 'agency', trialDays: 7 }, 'team', now)).toEqual({ plan: 'team', trialEndsAt: inDays(7) });
  });

  it("gives the operator's DEFAULT_PLAN without a trial, or else a Team trial", () => {
    expect(planForRegistration({ defaultPlan: 'free', trialDays: 14 }, undefined, now)).toEqual({ plan: 'free', trialEndsAt: null });
    expect(planForRegistration({ defaultPlan: 'agency', trialDays: 14 }, undefined, now)).toEqual({ plan: 'agency', trialEndsAt: null });
    expect(planForRegistration({ defaultPlan: undefined, trialDays: 14 }, undefined, now)).toEqual({ plan: 'team', trialEndsAt: inDays(14) });
  });

  it('ignores the plan asked for when TRIAL_DAYS=0', () => {
    expect(planForRegistration({ defaultPlan: undefined, trialDays: 0 }, 'agency', now)).toEqual({ plan: 'free', trialEndsAt: null });
    expect(planForRegistration({ defaultPlan: 'starter', trialDays: 0 }, 'agency', now)).toEqual({ plan: 'starter', trialEndsAt: null });
  });
});

describe('matchWithinPlan', () => {
  const evidence = { name: { first: 'exact', last: 'exact' }, daysAfterRequest: 1, timeFactor: 1, clicked: false, clickBonus: 0 } as never;
  const confident = { status: 'auto_matched', requestId: 7, confidence: 90, evidence } as const;

  it('turns a confident match into a suggestion on plans without auto-matching', () => {
    expect(matchWithinPlan(confident, 'starter')).toEqual({ ...confident, status: 'needs_review' });
    expect(matchWithinPlan(confident, 'free')).toEqual({ ...confident, status: 'needs_review' });
  });

  it('leaves it matched on Team and Agency, and leaves suggestions and misses alone', () => {
    expect(matchWithinPlan(confident, 'team')).toBe(confident);
    expect(matchWithinPlan(confident, 'agency')).toBe(confident);
    const miss = { status: 'unmatched', confidence: 10 } as const;
    expect(matchWithinPlan(miss, 'starter')).toBe(miss);
  });
});

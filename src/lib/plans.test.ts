import { describe, expect, it } from 'vitest';
import { planForRegistration } from './plans.ts';

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

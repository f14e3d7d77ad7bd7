import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS, PLANS } from './plans.ts';
import { PLAN_CATALOGUE, PLAN_ENTRIES, planActionLabel, priceText, trialText } from './plan-catalogue.ts';

const now = new Date('2026-11-26T10:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();

describe('the plan catalogue', () => {
  it('lists every plan, cheapest first, with the landing page’s prices', () => {
    expect(PLAN_ENTRIES.map((e) => e.plan)).toEqual([...PLANS]);
    expect(PLAN_ENTRIES.map(priceText)).toEqual(['No charge', 'A$499 per month', 'A$899 per month', 'A$1499 per month']);
  });

  it('says in words what PLAN_LIMITS allows', () => {
    expect(PLAN_CATALOGUE.starter.includes).toContain(`Up to ${PLAN_LIMITS.starter.teams} teams`);
    expect(PLAN_CATALOGUE.team.includes).toContain(`Up to ${PLAN_LIMITS.team.teams} teams`);
    expect(PLAN_CATALOGUE.agency.includes).toContain(`Up to ${PLAN_LIMITS.agency.wallboards} wallboards`);
    expect(PLAN_CATALOGUE.team.includes).toContain('Auto-match reviews');
    expect(PLAN_CATALOGUE.starter.includes.join()).not.toMatch(/Auto-match/);
  });
});

describe('trialText', () => {
  it('counts the days left, a part day as a day', () => {
    expect(trialText(inHours(14 * 24), now)).toBe('Trial: 14 days left');
    expect(trialText(inHours(13 * 24 + 1), now)).toBe('Trial: 14 days left');
    expect(trialText(inHours(2), now)).toBe('Trial: 1 day left');
  });

  it('says when the trial has ended, and nothing without one', () => {
    expect(trialText(inHours(-1), now)).toBe('Trial ended');
    expect(trialText(now.toISOString(), now)).toBe('Trial ended');
    expect(trialText(null, now)).toBeNull();
    expect(trialText('not a date', now)).toBeNull();
  });
});

describe('planActionLabel', () => {
  it('upgrades up the list, subscribes to the plan on trial, switches down', () => {
    expect(planActionLabel('free', 'team')).toBe('Upgrade to Team');
    expect(planActionLabel('team', 'team')).toBe('Subscribe to Team');
    expect(planActionLabel('agency', 'starter')).toBe('Switch to Starter');
  });
});

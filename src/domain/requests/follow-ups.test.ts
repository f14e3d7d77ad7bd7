import { describe, expect, it } from 'vitest';
import { followUpDays, reminderProblem, type FollowUpFacts, type FollowUpRule } from './follow-ups.ts';

// Sydney is UTC+11 in January: 2027-01-10 09:00 local is 2027-01-09T22:00Z.
const rule: FollowUpRule = { personId: 7, personIds: new Set([7, 9]), afterDays: 3, timezone: 'Australia/Sydney', now: new Date('2027-01-09T22:00:00Z') };

/** Sent on a local day, 10 January 2027 minus `days`, at 23:30 local (the day's end). */
const sentDaysAgo = (days: number) => new Date(Date.UTC(2027, 0, 10 - days, 12, 30));

const facts = (overrides: Partial<FollowUpFacts> = {}): FollowUpFacts => ({
  staffId: 7,
  sentAt: sentDaysAgo(3),
  createdAt: sentDaysAgo(4),
  clickedAt: null,
  matched: false,
  unsubscribed: false,
  ...overrides,
});

describe('the follow-up rule', () => {
  it('lists a request from the day it has waited N calendar days in the workspace zone', () => {
    expect(followUpDays(facts({ sentAt: sentDaysAgo(2) }), rule)).toBeNull();
    expect(followUpDays(facts({ sentAt: sentDaysAgo(3) }), rule)).toBe(3);
    expect(followUpDays(facts({ sentAt: sentDaysAgo(10) }), rule)).toBe(10);
    // 00:30 local is still the previous day in UTC: the workspace's calendar counts, not UTC's.
    expect(followUpDays(facts({ sentAt: new Date('2027-01-06T13:30:00Z') }), rule)).toBe(3);
    expect(followUpDays(facts({ sentAt: new Date('2027-01-07T13:30:00Z') }), rule)).toBeNull();
  });

  it('counts from the logging when the email never went out', () => {
    expect(followUpDays(facts({ sentAt: null, createdAt: sentDaysAgo(3) }), rule)).toBe(3);
    expect(followUpDays(facts({ sentAt: null, createdAt: sentDaysAgo(1) }), rule)).toBeNull();
  });

  it('follows the setting and drops a request a month after it was due', () => {
    expect(followUpDays(facts({ sentAt: sentDaysAgo(5) }), { ...rule, afterDays: 6 })).toBeNull();
    expect(followUpDays(facts({ sentAt: sentDaysAgo(33) }), rule)).toBe(33);
    expect(followUpDays(facts({ sentAt: sentDaysAgo(34) }), rule)).toBeNull();
  });

  it('leaves out an opened link, a matched review, an unsubscribed customer and another person', () => {
    expect(followUpDays(facts({ clickedAt: sentDaysAgo(1) }), rule)).toBeNull();
    expect(followUpDays(facts({ matched: true }), rule)).toBeNull();
    expect(followUpDays(facts({ unsubscribed: true }), rule)).toBeNull();
    expect(followUpDays(facts({ staffId: 8 }), rule)).toBeNull();
    // An entry merged into the person counts as theirs.
    expect(followUpDays(facts({ staffId: 9 }), rule)).toBe(3);
  });
});

describe('whether a reminder may go', () => {
  const request = (overrides: Partial<FollowUpFacts & { reminderSentAt: Date | null; token: string | null }> = {}) => ({
    ...facts(),
    reminderSentAt: null,
    token: 'a-token-of-sixteen-plus',
    ...overrides,
  });

  it('goes once, for a due request of the caller', () => {
    expect(reminderProblem(request(), rule)).toBeNull();
    expect(reminderProblem(request({ reminderSentAt: sentDaysAgo(0) }), rule)).toBe('already_sent');
    // A reminder sent does not take the request off the list: it shows as sent.
    expect(followUpDays(request({ reminderSentAt: sentDaysAgo(0) }), rule)).toBe(3);
  });

  it("is refused for another person's request, one not due, and one without a link", () => {
    expect(reminderProblem(request({ staffId: 8 }), rule)).toBe('not_found');
    expect(reminderProblem(request({ sentAt: sentDaysAgo(1) }), rule)).toBe('not_due');
    expect(reminderProblem(request({ clickedAt: sentDaysAgo(1) }), rule)).toBe('not_due');
    expect(reminderProblem(request({ token: null }), rule)).toBe('not_due');
  });
});

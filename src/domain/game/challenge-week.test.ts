import { describe, expect, it } from 'vitest';
import { challengeWeekAt, weekIndexOfDay } from './challenge-week.ts';
import { addDays, daysBetween, localDateOf } from '#shared/time.ts';

describe('challengeWeekAt', () => {
  it('starts the week on the weekday of the first day, at midnight in the workspace zone', () => {
    // 2026-11-04 is a Wednesday; Sydney is UTC+11 in November.
    const week = challengeWeekAt(new Date('2026-11-26T03:00:00Z'), '2026-11-04', 'Australia/Sydney');
    expect(week.number).toBe(4);
    expect(week.firstDay).toBe('2026-11-25');
    expect(week.startsAt.toISOString()).toBe('2026-11-24T13:00:00.000Z');
    expect(week.endsAt.toISOString()).toBe('2026-12-01T13:00:00.000Z');
  });

  it('rolls over exactly at local midnight, not at UTC midnight', () => {
    const start = '2026-11-04';
    expect(challengeWeekAt(new Date('2026-11-10T12:59:59Z'), start, 'Australia/Sydney').number).toBe(1);
    expect(challengeWeekAt(new Date('2026-11-10T13:00:00Z'), start, 'Australia/Sydney').number).toBe(2);
  });

  it('keeps seven wall-clock days across the spring-forward change (Sydney, 2026-10-04)', () => {
    // Thursday 2026-10-01 starts the challenge; clocks go from 02:00 to 03:00 on Sunday 4 October.
    const week = challengeWeekAt(new Date('2026-10-05T00:00:00Z'), '2026-10-01', 'Australia/Sydney');
    expect(week.number).toBe(1);
    expect(week.startsAt.toISOString()).toBe('2026-09-30T14:00:00.000Z'); // UTC+10
    expect(week.endsAt.toISOString()).toBe('2026-10-07T13:00:00.000Z'); // UTC+11: a 167-hour week
    expect(challengeWeekAt(new Date('2026-10-07T12:59:59Z'), '2026-10-01', 'Australia/Sydney').number).toBe(1);
    expect(challengeWeekAt(new Date('2026-10-07T13:00:00Z'), '2026-10-01', 'Australia/Sydney').number).toBe(2);
  });

  it('keeps seven wall-clock days across the fall-back change (New York, 2026-11-01)', () => {
    // Monday 2026-10-26; clocks go back from 02:00 to 01:00 on Sunday 1 November.
    const week = challengeWeekAt(new Date('2026-11-02T04:59:59Z'), '2026-10-26', 'America/New_York');
    expect(week.number).toBe(1);
    expect(week.endsAt.toISOString()).toBe('2026-11-02T05:00:00.000Z'); // midnight EST: a 169-hour week
    expect(challengeWeekAt(new Date('2026-11-02T05:00:00Z'), '2026-10-26', 'America/New_York').number).toBe(2);
  });

  it('counts weeks before the challenge as 0 and below', () => {
    expect(challengeWeekAt(new Date('2026-11-01T00:00:00Z'), '2026-11-04', 'UTC').number).toBe(0);
    expect(weekIndexOfDay('2026-10-27', '2026-11-04')).toBe(-2);
  });
});

describe('calendar days', () => {
  it('moves and measures dates across month and year ends', () => {
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(daysBetween('2026-02-25', '2026-03-04')).toBe(7);
    expect(localDateOf(new Date('2026-11-25T13:30:00Z'), 'Australia/Sydney')).toBe('2026-11-26');
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, isTimeZone, localDateOf, startOfDayIn, zoneOffsetMs } from './time.ts';

describe('startOfDayIn', () => {
  it('finds midnight in Sydney in summer (UTC+11) and winter (UTC+10)', () => {
    expect(startOfDayIn('2026-01-15', 'Australia/Sydney')?.toISOString()).toBe('2026-01-14T13:00:00.000Z');
    expect(startOfDayIn('2026-07-15', 'Australia/Sydney')?.toISOString()).toBe('2026-07-14T14:00:00.000Z');
  });

  it('handles zones behind UTC and UTC itself', () => {
    expect(startOfDayIn('2026-03-01', 'America/New_York')?.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(startOfDayIn('2026-03-01', 'UTC')?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  // Issue 27, item 27: a day whose midnight does not exist began an hour early, on the day before.
  it('starts a day whose midnight the clocks jump over when they jump (America/Santiago, 2025-09-07)', () => {
    expect(startOfDayIn('2025-09-07', 'America/Santiago')?.toISOString()).toBe('2025-09-07T04:00:00.000Z');
    expect(startOfDayIn('2025-04-06', 'America/Santiago')?.toISOString()).toBe('2025-04-06T04:00:00.000Z');
  });

  it('starts every day of a year, in zones whose clocks change at or near midnight, at the first instant Intl shows that date', () => {
    const zones = [
      'America/Santiago',
      'America/Havana',
      'America/Asuncion',
      'Asia/Beirut',
      'Australia/Sydney',
      'Australia/Lord_Howe',
      'Europe/London',
      'America/New_York',
      'Pacific/Apia',
    ];
    const wrong: string[] = [];
    for (const zone of zones) {
      for (let date = '2025-01-01'; date < '2026-01-01'; date = addDays(date, 1)) {
        const start = startOfDayIn(date, zone)!;
        const before = new Date(start.getTime() - 60_000);
        if (localDateOf(start, zone) !== date || localDateOf(before, zone) >= date) wrong.push(`${zone} ${date}: ${start.toISOString()}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses malformed and impossible dates', () => {
    expect(startOfDayIn('2026-02-30', 'UTC')).toBeNull();
    expect(startOfDayIn('01/02/2026', 'UTC')).toBeNull();
  });
});

describe('time zones', () => {
  it('knows the offset and valid names', () => {
    expect(zoneOffsetMs(new Date('2026-01-15T00:00:00Z'), 'Australia/Sydney')).toBe(11 * 3600 * 1000);
    expect(isTimeZone('Australia/Sydney')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

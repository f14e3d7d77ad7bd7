import { describe, expect, it } from 'vitest';
import { isTimeZone, startOfDayIn, zoneOffsetMs } from './time.ts';

describe('startOfDayIn', () => {
  it('finds midnight in Sydney in summer (UTC+11) and winter (UTC+10)', () => {
    expect(startOfDayIn('2026-01-15', 'Australia/Sydney')?.toISOString()).toBe('2026-01-14T13:00:00.000Z');
    expect(startOfDayIn('2026-07-15', 'Australia/Sydney')?.toISOString()).toBe('2026-07-14T14:00:00.000Z');
  });

  it('handles zones behind UTC and UTC itself', () => {
    expect(startOfDayIn('2026-03-01', 'America/New_York')?.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(startOfDayIn('2026-03-01', 'UTC')?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
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

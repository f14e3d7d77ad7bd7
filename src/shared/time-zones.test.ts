import { describe, expect, it } from 'vitest';
import { supportedTimeZones, timeZoneGroups, zoneOffset } from './time-zones.ts';

const MARCH = new Date('2026-03-01T00:00:00Z');

describe('timeZoneGroups', () => {
  it('groups zones by region, sorted, with the city and the offset', () => {
    const groups = timeZoneGroups(['Europe/London', 'Australia/Sydney', 'America/Argentina/Buenos_Aires', 'America/New_York'], 'Australia/Sydney', MARCH);
    expect(groups.map((g) => g.region)).toEqual(['America', 'Australia', 'Europe', 'Other']);
    expect(groups[0]!.zones).toEqual([
      { value: 'America/Argentina/Buenos_Aires', label: 'Argentina / Buenos Aires (GMT-3)' },
      { value: 'America/New_York', label: 'New York (GMT-5)' },
    ]);
    expect(groups[1]!.zones).toEqual([{ value: 'Australia/Sydney', label: 'Sydney (GMT+11)' }]);
    expect(groups[3]!.zones).toEqual([{ value: 'UTC', label: 'UTC (GMT)' }]);
  });

  it('always offers the current value, even one the list lacks', () => {
    const groups = timeZoneGroups(['Europe/Paris'], 'Asia/Calcutta', MARCH);
    expect(groups.flatMap((g) => g.zones.map((z) => z.value))).toContain('Asia/Calcutta');
  });

  it('lists what Node knows, and gives no offset for an unknown zone', () => {
    expect(supportedTimeZones()).toContain('Australia/Sydney');
    expect(zoneOffset('Mars/Olympus_Mons')).toBe('');
  });
});

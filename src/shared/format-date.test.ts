import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date.ts';

describe('formatDateTime ("MMM d, yyyy h:mm a")', () => {
  it('writes the spec format with a one-digit day and hour and a two-digit minute', () => {
    expect(formatDateTime('2026-03-03T09:05:00Z', 'UTC')).toBe('Mar 3, 2026 9:05 AM');
    expect(formatDateTime('2026-12-25T23:59:00Z', 'UTC')).toBe('Dec 25, 2026 11:59 PM');
  });

  it('shows midnight and noon as 12', () => {
    expect(formatDateTime('2026-01-01T00:00:00Z', 'UTC')).toBe('Jan 1, 2026 12:00 AM');
    expect(formatDateTime('2026-01-01T12:30:00Z', 'UTC')).toBe('Jan 1, 2026 12:30 PM');
  });

  it('takes an ISO string, a Date or a timestamp alike', () => {
    const iso = '2026-07-14T16:45:00.000Z';
    expect(formatDateTime(new Date(iso), 'UTC')).toBe('Jul 14, 2026 4:45 PM');
    expect(formatDateTime(Date.parse(iso), 'UTC')).toBe('Jul 14, 2026 4:45 PM');
  });

  it('shows the clock of the given zone, the date included', () => {
    // 22:30 UTC on 2 March is 9:30 the next morning in Sydney (AEDT, +11).
    expect(formatDateTime('2026-03-02T22:30:00Z', 'Australia/Sydney')).toBe('Mar 3, 2026 9:30 AM');
    expect(formatDateTime('2026-03-02T22:30:00Z', 'America/New_York')).toBe('Mar 2, 2026 5:30 PM');
    expect(formatDateTime('2026-03-02T22:30:00Z', 'Asia/Kolkata')).toBe('Mar 3, 2026 4:00 AM');
  });

  it('follows daylight saving in Australia/Sydney: the clocks go back at 3:00 AEDT on 5 April 2026', () => {
    // 15:59 UTC on 4 April is 2:59 AEDT (+11); one minute later it is 2:00 AEST (+10).
    expect(formatDateTime('2026-04-04T15:59:00Z', 'Australia/Sydney')).toBe('Apr 5, 2026 2:59 AM');
    expect(formatDateTime('2026-04-04T16:00:00Z', 'Australia/Sydney')).toBe('Apr 5, 2026 2:00 AM');
    expect(formatDateTime('2026-04-04T16:59:00Z', 'Australia/Sydney')).toBe('Apr 5, 2026 2:59 AM');
    expect(formatDateTime('2026-04-04T17:00:00Z', 'Australia/Sydney')).toBe('Apr 5, 2026 3:00 AM');
  });

  it('follows daylight saving in Australia/Sydney: the clocks go forward at 2:00 AEST on 4 October 2026', () => {
    // 15:59 UTC on 3 October is 1:59 AEST (+10); one minute later it is 3:00 AEDT (+11).
    expect(formatDateTime('2026-10-03T15:59:00Z', 'Australia/Sydney')).toBe('Oct 4, 2026 1:59 AM');
    expect(formatDateTime('2026-10-03T16:00:00Z', 'Australia/Sydney')).toBe('Oct 4, 2026 3:00 AM');
  });

  it('gives "" for something that is not an instant', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('');
    expect(formatDateTime(new Date(Number.NaN), 'UTC')).toBe('');
  });

  it('falls back to UTC for an unknown zone rather than failing', () => {
    expect(formatDateTime('2026-03-03T09:05:00Z', 'Mars/Olympus_Mons')).toBe('Mar 3, 2026 9:05 AM');
  });
});

import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600 + 1200, '3 hours ago'],
    [24 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [7 * 24 * 3600, 'last week'],
    [15 * 24 * 3600, '2 weeks ago'],
    [45 * 24 * 3600, 'last month'],
    [400 * 24 * 3600, 'last year'],
    [800 * 24 * 3600, '2 years ago'],
  ])('%i s ago reads "%s"', (seconds, text) => {
    expect(relativeTime(ago(seconds), NOW)).toBe(text);
  });

  it('reads a time slightly ahead of this clock as just now, and nonsense as nothing', () => {
    expect(relativeTime(ago(-30), NOW)).toBe('just now');
    expect(relativeTime('not a date', NOW)).toBe('');
    expect(relativeTime(new Date(NOW - 7200_000), new Date(NOW))).toBe('2 hours ago');
  });
});

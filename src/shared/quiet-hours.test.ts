import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours.ts';

// A test clock: each case names the instant, and the local time it is in the zone.
const at = (iso: string) => new Date(iso);

describe('quietUntil', () => {
  const sydney = 'Australia/Sydney';

  it('holds a text logged at 21:30 until 08:00 the next morning, local time', () => {
    // 2026-06-10 21:30 in Sydney (AEST, UTC+10) is 11:30 UTC.
    expect(quietUntil(at('2026-06-10T11:30:00Z'), sydney, '20:00', '08:00')?.toISOString()).toBe('2026-06-10T22:00:00.000Z');
  });

  it('holds one at 07:59 until 08:00 the same morning, and lets 08:00 and 19:59 go', () => {
    expect(quietUntil(at('2026-06-10T21:59:00Z'), sydney, '20:00', '08:00')?.toISOString()).toBe('2026-06-10T22:00:00.000Z');
    expect(quietUntil(at('2026-06-10T22:00:00Z'), sydney, '20:00', '08:00')).toBeNull();
    expect(quietUntil(at('2026-06-11T09:59:00Z'), sydney, '20:00', '08:00')).toBeNull();
    expect(quietUntil(at('2026-06-11T10:00:00Z'), sydney, '20:00', '08:00')).not.toBeNull();
  });

  it('ends at 08:00 local across a change of clocks, both ways', () => {
    // Sydney moves to daylight time on 2026-10-04 (02:00 → 03:00): 08:00 that morning is 21:00 UTC the day before.
    expect(quietUntil(at('2026-10-03T11:00:00Z'), sydney, '20:00', '08:00')?.toISOString()).toBe('2026-10-03T21:00:00.000Z');
    // New York leaves daylight time on 2026-11-01 (02:00 → 01:00): 08:00 EST is 13:00 UTC.
    expect(quietUntil(at('2026-11-01T02:00:00Z'), 'America/New_York', '20:00', '08:00')?.toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });

  it('knows a window that does not wrap midnight, and none when start and end are equal', () => {
    // 12:30 in London (BST, UTC+1) inside 12:00-13:00.
    expect(quietUntil(at('2026-07-01T11:30:00Z'), 'Europe/London', '12:00', '13:00')?.toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(quietUntil(at('2026-07-01T13:30:00Z'), 'Europe/London', '12:00', '13:00')).toBeNull();
    expect(quietUntil(at('2026-07-01T11:30:00Z'), 'Europe/London', '00:00', '00:00')).toBeNull();
  });
});

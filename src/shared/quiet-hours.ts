// Quiet hours (issue 29): no text goes between their start and end in the workspace's time zone
// (20:00 to 08:00 unless an admin sets them). Plain Intl through ./time.ts, so the log form can say
// when a text will go.
import { addDays, localDateOf, wallClockIn, zoneOffsetMs } from './time.ts';

export const DEFAULT_SMS_QUIET_START = '20:00';
export const DEFAULT_SMS_QUIET_END = '08:00';

/** "HH:MM", 00:00 to 23:59. */
export function isClockTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * When quiet hours that hold `now` end: null when `now` is outside them. Quiet hours wrap midnight
 * when the start is later than the end; equal start and end mean none.
 */
export function quietUntil(now: Date, timeZone: string, quietStart: string, quietEnd: string): Date | null {
  if (!isClockTime(quietStart) || !isClockTime(quietEnd) || quietStart === quietEnd) return null;
  const start = minutesOf(quietStart);
  const end = minutesOf(quietEnd);
  const wallMs = now.getTime() + zoneOffsetMs(now, timeZone);
  const minute = Math.floor(wallMs / MINUTE_MS) % DAY_MINUTES;
  const quiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quiet) return null;
  // Past midnight's side of a wrapping window (or inside a plain one), the end is today; else tomorrow.
  const today = localDateOf(now, timeZone);
  const endDay = start < end || minute < end ? today : addDays(today, 1);
  return wallClockIn(Date.parse(`${endDay}T00:00:00Z`) + end * MINUTE_MS, timeZone);
}

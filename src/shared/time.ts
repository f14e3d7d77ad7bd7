// Making a DateTimeFormat costs far more than using one (a dashboard load works out several offsets):
// one per time zone, kept. The IANA zones are a few hundred; a name that is not one throws and is not kept.
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/** Milliseconds that `timeZone` is ahead of UTC at the instant `at`. */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = offsetFormat(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a calendar date (YYYY-MM-DD) begins in a time zone; null for a malformed date. */
export function startOfDayIn(date: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const naive = Date.UTC(year, month - 1, day);
  const check = new Date(naive);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return wallClockIn(naive, timeZone);
}

/**
 * The instant at which a time zone's clocks show a wall-clock time, given as the milliseconds that
 * wall-clock time would be in UTC.
 */
export function wallClockIn(wallMs: number, timeZone: string): Date {
  // The zone's offsets a day either side: on a day its clocks change they differ, and the wall-clock
  // time is read with each. One that shows the wall-clock time is the answer (the earlier when both
  // do: clocks going back show it twice). None does when clocks went forward over it (America/
  // Santiago's midnight of 2025-09-07 never happens): the day, or hour, starts when they jump, which
  // is the later reading.
  const DAY_MS = 24 * 60 * 60 * 1000;
  const readings = [...new Set([zoneOffsetMs(new Date(wallMs - DAY_MS), timeZone), zoneOffsetMs(new Date(wallMs + DAY_MS), timeZone)])].map(
    (offset) => wallMs - offset,
  );
  const shown = readings.filter((instant) => instant + zoneOffsetMs(new Date(instant), timeZone) === wallMs);
  return new Date(shown.length ? Math.min(...shown) : Math.max(...readings));
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDateOf(at: Date, timeZone: string): string {
  return new Date(at.getTime() + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 10);
}

/** A calendar date moved by whole days (calendar arithmetic: no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// Quiet hours (issue 29): no text goes between their start and end in the workspace's time zone
// (20:00 to 08:00 unless an admin sets them). Plain Intl, so the log form can say when a text will go.

export const DEFAULT_SMS_QUIET_START = '20:00';
export const DEFAULT_SMS_QUIET_END = '08:00';

/** "HH:MM", 00:00 to 23:59. */
export function isClockTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The wall-clock date and time of `instant` in `timeZone`. */
function localParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The instant when the wall clock in `timeZone` first shows this date and time (a skipped time: the first after it). */
function instantOf(timeZone: string, year: number, month: number, day: number, minutes: number): Date {
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  // The zone's offset at a guess, then at the answer: two rounds settle every DST change.
  let guess = wall;
  for (let round = 0; round < 3; round++) {
    const local = localParts(new Date(guess), timeZone);
    const shown = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
    const next = guess + (wall - shown);
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/**
 * When quiet hours that hold `now` end: null when `now` is outside them. Quiet hours wrap midnight
 * when the start is later than the end; equal start and end mean none.
 */
export function quietUntil(now: Date, timeZone: string, quietStart: string, quietEnd: string): Date | null {
  if (!isClockTime(quietStart) || !isClockTime(quietEnd) || quietStart === quietEnd) return null;
  const start = minutesOf(quietStart);
  const end = minutesOf(quietEnd);
  const local = localParts(now, timeZone);
  const minute = local.hour * 60 + local.minute;
  const quiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quiet) return null;
  // Past midnight's side of a wrapping window (or inside a plain one), the end is today; else tomorrow.
  const endsToday = start < end || minute < end;
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + (endsToday ? 0 : 1)));
  return instantOf(timeZone, day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), end);
}

// "3 hours ago" (SPEC.md section 2, the reviews page): Intl only, so the island can use it too.

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * How long ago `value` was, seen from `now`: "just now" under a minute, then "5 minutes ago",
 * "3 hours ago", "yesterday", "2 weeks ago", "last month"... A time slightly in the future (a clock
 * ahead of ours) also reads "just now"; anything that is not a valid time gives "".
 */
export function relativeTime(value: string | number | Date, now: number | Date = Date.now()): string {
  const at = value instanceof Date ? value.getTime() : new Date(value).getTime();
  const from = now instanceof Date ? now.getTime() : now;
  if (Number.isNaN(at) || Number.isNaN(from)) return '';
  const seconds = Math.round((from - at) / 1000);
  if (seconds < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return formatter.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** How long something has waited, seen from `now`: "under a minute", "5 minutes", "3 days" (issue 30's "Needs a reply"). */
export function waitedFor(value: string | number | Date, now: number | Date = Date.now()): string {
  const at = value instanceof Date ? value.getTime() : new Date(value).getTime();
  const from = now instanceof Date ? now.getTime() : now;
  if (Number.isNaN(at) || Number.isNaN(from)) return '';
  const seconds = Math.round((from - at) / 1000);
  for (const [unit, size] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'}`;
  }
  return 'under a minute';
}

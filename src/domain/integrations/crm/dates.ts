import { wallClockIn } from '#shared/time.ts';

// CRMs send a review's date as ISO text (with or without a zone), as Unix seconds or milliseconds,
// or as human text such as "September 26, 2025" (INTEGRATIONS.md). A date that carries no zone is
// read in the workspace's time zone. What cannot be read is not a reason to lose a review: the
// caller uses the time of receipt instead.

const EARLIEST = Date.UTC(2000, 0, 1);
/** A date further ahead than this is a clock or unit mistake, not a review from the future. */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;
/** Below this a Unix time is in seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_BELOW = 1e11;
const HAS_ZONE = /(?:\dz|:\d{2}(?:\.\d+)?\s*[+-]\d{2}(?::?\d{2})?|\b(?:utc|gmt)\b.*)\s*$/i;

export function readCrmDate(value: unknown, timeZone: string, now: Date): Date | null {
  const date = typeof value === 'number' ? fromUnix(value) : typeof value === 'string' ? fromText(value.trim(), timeZone) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  const at = date.getTime();
  return at >= EARLIEST && at <= now.getTime() + FUTURE_SLACK_MS ? date : null;
}

function fromUnix(value: number): Date | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  return new Date(value < SECONDS_BELOW ? value * 1000 : value);
}

/**
 * Zones of the United States, whose numeric dates are month first (03/04/2025 is 4 March); everywhere
 * else a workspace's numeric dates are day first (3 April), as its people write them.
 */
const MONTH_FIRST_ZONES =
  /^(?:America\/(?:New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Juneau|Sitka|Metlakatla|Yakutat|Nome|Adak|Boise|Detroit|Menominee|Indiana\/.+|Kentucky\/.+|North_Dakota\/.+|Puerto_Rico)|Pacific\/(?:Honolulu|Guam|Saipan|Pago_Pago)|US\/.+)$/;

/** A numeric date (d/m/yyyy or m/d/yyyy, with / . or -) as YYYY-MM-DD and the rest of the text; as it was otherwise. */
function numericDate(text: string, timeZone: string): string {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(.*)$/.exec(text);
  if (!match) return text;
  const [a, b] = [Number(match[1]), Number(match[2])];
  // A part over 12 is the day whatever the order; otherwise the zone's country says which is which.
  const monthFirst = a > 12 ? false : b > 12 ? true : MONTH_FIRST_ZONES.test(timeZone);
  const [month, day] = monthFirst ? [a, b] : [b, a];
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}${match[4]!.replace(/^[ T]?/, match[4] ? ' ' : '')}`;
}

function fromText(raw: string, timeZone: string): Date | null {
  if (raw === '') return null;
  if (/^\d+(\.\d+)?$/.test(raw)) return fromUnix(Number(raw));
  const text = numericDate(raw, timeZone);
  if (HAS_ZONE.test(text)) return new Date(text.replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T'));
  // Read the wall-clock time as if it were UTC, then place it in the workspace's zone.
  const wall = Date.parse(`${text.replace(/^(\d{4}-\d{2}-\d{2})T/, '$1 ')} UTC`);
  return Number.isNaN(wall) ? null : wallClockIn(wall, timeZone);
}

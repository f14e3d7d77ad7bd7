import { wallClockIn } from '../time.ts';

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

function fromText(text: string, timeZone: string): Date | null {
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return fromUnix(Number(text));
  if (HAS_ZONE.test(text)) return new Date(text);
  // Read the wall-clock time as if it were UTC, then place it in the workspace's zone.
  const wall = Date.parse(`${text.replace(/^(\d{4}-\d{2}-\d{2})T/, '$1 ')} UTC`);
  return Number.isNaN(wall) ? null : wallClockIn(wall, timeZone);
}

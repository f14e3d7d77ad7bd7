// The product's one date-and-time format, "MMM d, yyyy h:mm a" (SPEC.md section 2, the requests
// report), in a given IANA time zone. Intl only, no libraries: the islands import it too.

const DEFAULT_ZONE = 'UTC';
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h12',
      });
    } catch (error) {
      // An unknown zone (a setting written before zones were checked): UTC rather than an error.
      if (timeZone === DEFAULT_ZONE) throw error;
      return formatterFor(DEFAULT_ZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * "Mar 3, 2026 9:05 AM": the instant as a clock in `timeZone` shows it. An ISO string or a Date;
 * anything that is not a valid instant gives "".
 */
export function formatDateTime(value: string | number | Date, timeZone: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const period = part('dayPeriod').toUpperCase();
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${period}`;
}

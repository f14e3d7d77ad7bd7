import { formatDateTime } from '#shared/format-date.ts';
import type { PersonFunnel } from './funnel.ts';
import type { ReportRow } from './queries.ts';
import { conversionPercent, isMatchedStatus, NO_TEAM_LABEL, requestStatusBadge } from '#shared/request-status.ts';

// GET /api/requests-report.csv: the report's rows as a spreadsheet opens them (RFC 4180); with
// ?by=person, a file of its own with the per-person funnel, so the requests file keeps its columns.

export const CSV_FILENAME = 'review-requests.csv';
export const PERSON_CSV_FILENAME = 'review-requests-by-person.csv';

export const CSV_HEADER = ['Team', 'Customer', 'Team Member', 'Requested', 'Status', 'Match Confidence (%)', 'Reviewer', 'Rating'] as const;
export const PERSON_CSV_HEADER = ['Person', 'Sent', 'Opened', 'Reviewed', 'Conversion (%)'] as const;

/** A cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return before one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: text a spreadsheet could take for a formula gets a leading apostrophe (OWASP "CSV
 * injection"), and a cell with a quote, comma or line break is quoted with its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/**
 * The whole file: the header, then one line per request in the report's order, dates in the
 * workspace's time zone, the status as the page's badge reads (its confidence in a column of its own).
 */
export function reportCsv(rows: readonly ReportRow[], timeZone: string): string {
  const lines = [csvLine(CSV_HEADER)];
  for (const row of rows) {
    const badge = requestStatusBadge(row.matchStatus, null);
    // Like the page: the reviewer and rating of a match, not of a suggestion still to be reviewed.
    const matched = isMatchedStatus(row.matchStatus);
    lines.push(
      csvLine([
        row.team?.name ?? NO_TEAM_LABEL,
        row.customerName,
        row.staffFirstName,
        formatDateTime(row.requestedAt, timeZone),
        badge.label,
        row.matchConfidence,
        matched ? (row.reviewerName ?? 'Anonymous') : '',
        matched ? (row.rating ?? '') : '',
      ]),
    );
  }
  return csvFile(lines);
}

/** The "By person" table: one line per person in its order, conversion in whole percent. */
export function personFunnelCsv(people: readonly PersonFunnel[]): string {
  return csvFile([csvLine(PERSON_CSV_HEADER), ...people.map((p) => csvLine([p.firstName, p.sent, p.opened, p.reviewed, conversionPercent(p)]))]);
}

/** A byte-order mark (so spreadsheet programs read the names as UTF-8), then CRLF lines. */
function csvFile(lines: readonly string[]): string {
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

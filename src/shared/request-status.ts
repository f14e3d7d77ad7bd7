// How a review request's match status reads (SPEC.md section 4, DESIGN.md "request badge"). Pure, so
// the report, the admin card and the CSV export all say the same thing.

/** The statuses of a review the request is linked to, or "none" when no review is. */
export type RequestMatchStatus = 'auto_matched' | 'self_confirmed' | 'manual' | 'needs_review' | 'none';

/** Statuses that mean "this request got its review". */
export const MATCHED_REQUEST_STATUSES: ReadonlySet<string> = new Set(['auto_matched', 'self_confirmed', 'manual']);

export type BadgeTone = 'matched' | 'review' | 'pending' | 'other';

export interface StatusBadge {
  label: string;
  tone: BadgeTone;
}

export function isMatchedStatus(status: string): boolean {
  return MATCHED_REQUEST_STATUSES.has(status);
}

/**
 * self_confirmed, auto_matched and manual: "Matched", with "(NN%)" when a confidence is known;
 * needs_review: "Needs Review"; none: "Pending"; anything else: the raw value.
 */
export function requestStatusBadge(status: string, confidence: number | null | undefined): StatusBadge {
  if (isMatchedStatus(status)) {
    return { label: typeof confidence === 'number' ? `Matched (${confidence}%)` : 'Matched', tone: 'matched' };
  }
  if (status === 'needs_review') return { label: 'Needs Review', tone: 'review' };
  if (status === 'none') return { label: 'Pending', tone: 'pending' };
  return { label: status, tone: 'other' };
}

/** "1 request", "2 requests" (SPEC.md: the report's group header). */
export function requestCount(n: number): string {
  return `${n} ${n === 1 ? 'request' : 'requests'}`;
}

export const NO_TEAM_LABEL = 'No team';

/** Requests that got a matched review, per request sent, as a whole percent; null when nothing was sent. */
export function conversionPercent(funnel: { sent: number; reviewed: number }): number | null {
  return funnel.sent === 0 ? null : Math.round((funnel.reviewed / funnel.sent) * 100);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export interface TeamGroup<R> {
  /** The team's id, or null for the requests whose team was deleted. */
  id: number | null;
  name: string;
  color: string | null;
  rows: R[];
}

/**
 * Rows grouped by team name, groups sorted alphabetically (the "No team" group last), each group in
 * the order the rows came (newest first from the API).
 */
export function groupByTeam<R>(rows: readonly R[], teamOf: (row: R) => { id: number; name: string; color: string } | null): TeamGroup<R>[] {
  const groups = new Map<number | null, TeamGroup<R>>();
  for (const row of rows) {
    const team = teamOf(row);
    const key = team?.id ?? null;
    let group = groups.get(key);
    if (!group) {
      group = team ? { id: team.id, name: team.name, color: team.color, rows: [] } : { id: null, name: NO_TEAM_LABEL, color: null, rows: [] };
      groups.set(key, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()].sort((a, b) => {
    if (a.id === null || b.id === null) return a.id === null ? (b.id === null ? 0 : 1) : -1;
    return collator.compare(a.name, b.name) || a.id - b.id;
  });
}

// GET /api/requests-report and its CSV take `?by=person` for the per-person funnel; without it they
// answer the requests as before (the list and the CSV columns others already read stay as they are).

export const REPORT_BY_PROBLEM = 'by must be "person", or left out for the requests';

/** What the report is asked for: its requests, the people's funnel, or null for anything else. */
export function reportBy(url: URL): 'requests' | 'person' | null {
  const by = url.searchParams.get('by');
  if (by === null) return 'requests';
  return by === 'person' ? 'person' : null;
}

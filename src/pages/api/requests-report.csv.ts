import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { badRequest } from '#web/http.ts';
import { CSV_FILENAME, PERSON_CSV_FILENAME, personFunnelCsv, reportCsv } from '#domain/requests/csv.ts';
import { personFunnel } from '#domain/requests/funnel.ts';
import { listReportRows } from '#domain/requests/queries.ts';
import { challengeSettings } from '#domain/reviews/scoring.ts';
import { REPORT_BY_PROBLEM, reportBy } from '#contracts/report-query.ts';

/** The report's rows as a CSV download, dates in the workspace's time zone; ?by=person: the funnel per person. */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const { db } = locals.runtime.database;
  const by = reportBy(url);
  if (by === null) return badRequest(REPORT_BY_PROBLEM, 'by');
  if (by === 'person') return csvDownload(personFunnelCsv(await personFunnel(db, access.workspace.id)), PERSON_CSV_FILENAME);
  const [rows, { timezone }] = await Promise.all([listReportRows(db, access.workspace), challengeSettings(db, access.workspace)]);
  return csvDownload(reportCsv(rows, timezone), CSV_FILENAME);
};

function csvDownload(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

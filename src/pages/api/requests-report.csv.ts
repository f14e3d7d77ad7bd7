import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { CSV_FILENAME, reportCsv } from '../../lib/requests/csv.ts';
import { listReportRows } from '../../lib/requests/queries.ts';
import { challengeSettings } from '../../lib/scoring.ts';

/** The report's rows as a CSV download, dates in the workspace's time zone. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const { db } = locals.runtime.database;
  const [rows, { timezone }] = await Promise.all([listReportRows(db, access.workspace), challengeSettings(db, access.workspace)]);
  return new Response(reportCsv(rows, timezone), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${CSV_FILENAME}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
};

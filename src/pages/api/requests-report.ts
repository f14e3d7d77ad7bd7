import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { badRequest, json, jsonPage } from '#web/http.ts';
import { personFunnel } from '#domain/requests/funnel.ts';
import { listReportRows } from '#domain/requests/queries.ts';
import { REPORT_BY_PROBLEM, reportBy } from '#contracts/report-query.ts';

/**
 * The Review Requests Report's rows (SPEC.md section 3 "report row"), newest first; with ?by=person,
 * `{ people }`: each person's requests sent, links opened and requests with a matched review.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const { db } = locals.runtime.database;
  const by = reportBy(url);
  if (by === null) return badRequest(REPORT_BY_PROBLEM, 'by');
  if (by === 'person') return json({ people: await personFunnel(db, access.workspace.id) });
  return jsonPage(url, (page) => listReportRows(db, access.workspace, page));
};

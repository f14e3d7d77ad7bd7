import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { badRequest, json, jsonPage } from '../../lib/http.ts';
import { personFunnel } from '../../lib/requests/funnel.ts';
import { listReportRows } from '../../lib/requests/queries.ts';
import { REPORT_BY_PROBLEM, reportBy } from '../../lib/validation/report-query.ts';

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

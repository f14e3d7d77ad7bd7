import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { jsonPage } from '../../lib/http.ts';
import { listReportRows } from '../../lib/requests/queries.ts';

/** The Review Requests Report's rows (SPEC.md section 3 "report row"), newest first. */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return jsonPage(url, (page) => listReportRows(locals.runtime.database.db, access.workspace, page));
};

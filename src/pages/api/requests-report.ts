import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { json } from '../../lib/http.ts';
import { listReportRows } from '../../lib/requests/queries.ts';

/** The Review Requests Report's rows (SPEC.md section 3 "report row"), newest first. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return json(await listReportRows(locals.runtime.database.db, access.workspace));
};

import type { APIRoute } from 'astro';
import { requireApiKey } from '../../../lib/api/access.ts';
import { loadDashboard } from '../../../lib/dashboard.ts';
import { json } from '../../../lib/http.ts';

/** The workspace's own wallboard, as GET /api/dashboard answers it. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  return json(await loadDashboard(locals.runtime.database.db, access.caller.workspace));
};

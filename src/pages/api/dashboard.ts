import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { sharedDashboard } from '../../lib/dashboard.ts';
import { jsonText, notFound } from '../../lib/http.ts';
import { findWallboard } from '../../lib/wallboards.ts';

/** The workspace's own wallboard, or with ?wallboard=ID one of its named wallboards. */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const { database } = locals.runtime;
  const { db } = database;
  const asked = url.searchParams.get('wallboard');
  if (asked === null) return jsonText((await sharedDashboard(database, access.workspace)).json);
  const wallboard = /^\d{1,10}$/.test(asked) ? await findWallboard(db, access.workspace, Number(asked)) : null;
  if (!wallboard) return notFound('Wallboard not found');
  return jsonText((await sharedDashboard(database, access.workspace, wallboard)).json);
};

import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { loadDashboard } from '../../lib/dashboard.ts';
import { json, notFound } from '../../lib/http.ts';
import { findWallboard } from '../../lib/wallboards.ts';

/** The workspace's own wallboard, or with ?wallboard=ID one of its named wallboards. */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const { db } = locals.runtime.database;
  const asked = url.searchParams.get('wallboard');
  if (asked === null) return json(await loadDashboard(db, access.workspace));
  const wallboard = /^\d{1,10}$/.test(asked) ? await findWallboard(db, access.workspace, Number(asked)) : null;
  if (!wallboard) return notFound('Wallboard not found');
  return json(await loadDashboard(db, access.workspace, wallboard));
};

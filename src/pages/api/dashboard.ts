import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { sharedDashboard } from '#domain/game/dashboard.ts';
import { notFound } from '#web/http.ts';
import { keptDashboardJson } from '#web/compression/kept-pages.ts';
import { askedWallboard, WALLBOARD_NOT_FOUND } from '#domain/game/wallboards.ts';

/** The workspace's own wallboard, or with ?wallboard=ID one of its named wallboards. */
export const GET: APIRoute = async ({ locals, url, request }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const { database } = locals.runtime;
  const wallboard = await askedWallboard(database.db, access.workspace, url.searchParams.get('wallboard'));
  if (wallboard === undefined) return notFound(WALLBOARD_NOT_FOUND);
  return keptDashboardJson(await sharedDashboard(database, access.workspace, wallboard), 'json', request);
};

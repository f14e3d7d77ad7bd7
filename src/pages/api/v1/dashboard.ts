import type { APIRoute } from 'astro';
import { requireApiKey } from '#web/api-v1/access.ts';
import { sharedDashboard } from '#domain/game/dashboard.ts';
import { keptDashboardJson } from '#web/compression/kept-pages.ts';

/** The workspace's own wallboard, as GET /api/dashboard answers it but for averageRating in stars (DashboardSnapshot.apiJson). */
export const GET: APIRoute = async ({ locals, request }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  return keptDashboardJson(await sharedDashboard(locals.runtime.database, access.caller.workspace), 'apiJson', request);
};

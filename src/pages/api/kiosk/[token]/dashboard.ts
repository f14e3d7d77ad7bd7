import type { APIRoute } from 'astro';
import { sharedDashboard } from '#domain/game/dashboard.ts';
import { errorJson } from '#web/http.ts';
import { keptDashboardJson } from '#web/compression/kept-pages.ts';
import { resolveKioskToken } from '#domain/workspace/kiosk.ts';
import { findWallboard } from '#domain/game/wallboards.ts';

export const GET: APIRoute = async ({ locals, params, request }) => {
  const { database } = locals.runtime;
  const { db } = database;
  const kiosk = await resolveKioskToken(database, params.token ?? '');
  if (!kiosk) return errorJson(404, 'This display link is not valid or has been revoked');
  locals.kioskWorkspaceId = kiosk.workspace.id;
  const wallboard = kiosk.wallboardId === null ? null : await findWallboard(db, kiosk.workspace, kiosk.wallboardId);
  return keptDashboardJson(await sharedDashboard(database, kiosk.workspace, wallboard), 'json', request);
};

import type { APIRoute } from 'astro';
import { sharedDashboard } from '../../../../lib/dashboard.ts';
import { errorJson, jsonText } from '../../../../lib/http.ts';
import { resolveKioskToken } from '../../../../lib/kiosk.ts';
import { findWallboard } from '../../../../lib/wallboards.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const { database } = locals.runtime;
  const { db } = database;
  const kiosk = await resolveKioskToken(database, params.token ?? '');
  if (!kiosk) return errorJson(404, 'This display link is not valid or has been revoked');
  locals.kioskWorkspaceId = kiosk.workspace.id;
  const wallboard = kiosk.wallboardId === null ? null : await findWallboard(db, kiosk.workspace, kiosk.wallboardId);
  return jsonText((await sharedDashboard(database, kiosk.workspace, wallboard)).json);
};

import type { APIRoute } from 'astro';
import { loadDashboard } from '../../../../lib/dashboard.ts';
import { errorJson, json } from '../../../../lib/http.ts';
import { resolveKioskToken } from '../../../../lib/kiosk.ts';
import { findWallboard } from '../../../../lib/wallboards.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const db = locals.runtime.database.db;
  const kiosk = await resolveKioskToken(db, params.token ?? '');
  if (!kiosk) return errorJson(404, 'This display link is not valid or has been revoked');
  locals.kioskWorkspaceId = kiosk.workspace.id;
  const wallboard = kiosk.wallboardId === null ? null : await findWallboard(db, kiosk.workspace, kiosk.wallboardId);
  return json(await loadDashboard(db, kiosk.workspace, wallboard));
};

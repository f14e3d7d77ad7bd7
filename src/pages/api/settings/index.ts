import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { json } from '../../../lib/http.ts';
import { listSettings } from '../../../lib/settings.ts';

export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listSettings(locals.runtime.database.db, access.workspace.id));
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json } from '#web/http.ts';
import { listSettings } from '#domain/workspace/settings.ts';

export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listSettings(locals.runtime.database.db, access.workspace.id));
};

import type { APIRoute } from 'astro';
import { listTexts } from '#domain/sms/outbox.ts';
import { requireAdmin } from '#web/guards.ts';
import { json } from '#web/http.ts';

/** Every text message the workspace sent or will send, newest first. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listTexts(locals.runtime.database.db, access.workspace.id));
};

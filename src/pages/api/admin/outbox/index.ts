import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { listOutbox } from '#domain/email/outbox.ts';
import { json } from '#web/http.ts';

/** Every email the workspace sent or would have sent, newest first. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listOutbox(locals.runtime.database.db, access.workspace.id));
};

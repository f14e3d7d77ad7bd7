import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json } from '#web/http.ts';
import { listPrivateFeedback } from '#domain/requests/review-link.ts';

/** Private feedback customers left on their review link page, newest first. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listPrivateFeedback(locals.runtime.database.db, access.workspace.id));
};

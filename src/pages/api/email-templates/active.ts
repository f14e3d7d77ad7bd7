import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { json } from '#web/http.ts';
import { listActiveTemplates } from '#domain/requests/templates.ts';

/** The active templates: what staff may choose on the log form (with subject, body and phone script). */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return json(await listActiveTemplates(locals.runtime.database.db, access.workspace.id));
};

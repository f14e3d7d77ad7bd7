import type { APIRoute } from 'astro';
import { requireStaff } from '../../../lib/auth/guards.ts';
import { json } from '../../../lib/http.ts';
import { listActiveTemplates } from '../../../lib/templates/store.ts';

/** The active templates: what staff may choose on the log form (with subject, body and phone script). */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return json(await listActiveTemplates(locals.runtime.database.db, access.workspace.id));
};

import type { APIRoute } from 'astro';
import { changePasswords } from '../../../lib/auth/change-passwords.ts';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { json, parseJsonBody } from '../../../lib/http.ts';
import { passwordsPayload } from '../../../lib/validation/payloads.ts';

/** New passwords: every other session that used an old one ends; this one stays. */
export const PUT: APIRoute = async ({ request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, passwordsPayload);
  if (!parsed.ok) return parsed.response;
  await changePasswords(locals.runtime.database.db, access.workspace.id, parsed.data, access.session.id);
  return json({ message: 'Passwords updated' });
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { endOtherSessions } from '../../../lib/auth/session-store.ts';
import { json, parseJsonBody } from '../../../lib/http.ts';
import { passwordsPayload } from '../../../lib/validation/payloads.ts';
import { setPasswords } from '../../../lib/workspaces.ts';

/** New passwords: every other session that used an old one ends; this one stays. */
export const PUT: APIRoute = async ({ request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, passwordsPayload);
  if (!parsed.ok) return parsed.response;
  const db = locals.runtime.database.db;
  await setPasswords(db, access.workspace.id, parsed.data);
  if (parsed.data.staffPassword !== undefined) await endOtherSessions(db, access.session, 'staff');
  else await endOtherSessions(db, access.session, 'admin');
  return json({ message: 'Passwords updated' });
};

import type { APIRoute } from 'astro';
import { SESSION_COOKIE } from '../../../lib/auth/session.ts';
import { endSession } from '../../../lib/auth/session-store.ts';
import { json } from '../../../lib/http.ts';

export const POST: APIRoute = async ({ cookies, locals }) => {
  if (locals.session) await endSession(locals.runtime.database.db, locals.session);
  cookies.delete(SESSION_COOKIE, { path: '/' });
  return json({ message: 'Logged out' });
};

import type { APIRoute } from 'astro';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { endSession } from '#domain/workspace/auth/session-store.ts';
import { json } from '#web/http.ts';

export const POST: APIRoute = async ({ cookies, locals }) => {
  if (locals.session) await endSession(locals.runtime.database.db, locals.session);
  cookies.delete(SESSION_COOKIE, { path: '/' });
  return json({ message: 'Logged out' });
};

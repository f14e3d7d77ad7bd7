import type { APIRoute } from 'astro';
import { cookieOptionsFor } from '../../../lib/auth/cookies.ts';
import { requireStaff } from '../../../lib/auth/guards.ts';
import { SESSION_COOKIE, signSession } from '../../../lib/auth/session.ts';
import { isSignInBlocked, recordFailedSignIn, TOO_MANY_ATTEMPTS_MESSAGE } from '../../../lib/auth/sign-in-guard.ts';
import { json, parseJsonBody } from '../../../lib/http.ts';
import { adminLoginPayload } from '../../../lib/validation/payloads.ts';
import { checkPassword } from '../../../lib/workspaces.ts';

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, adminLoginPayload);
  if (!parsed.ok) return parsed.response;
  const { workspace } = access;
  const { database, config, sessionKey } = locals.runtime;
  const db = database.db;

  if (await isSignInBlocked(db, workspace.slug, locals.clientAddress)) {
    return json({ success: false, message: TOO_MANY_ATTEMPTS_MESSAGE }, 429);
  }
  if (!(await checkPassword(db, workspace.id, 'admin', parsed.data.password))) {
    await recordFailedSignIn(db, workspace.slug, locals.clientAddress);
    return json({ success: false, message: 'Incorrect password' }, 401);
  }

  const token = await signSession({ workspaceId: workspace.id, slug: workspace.slug, admin: true }, sessionKey);
  cookies.set(SESSION_COOKIE, token, cookieOptionsFor(url, config.publicUrl));
  return json({ success: true, message: 'Access granted' });
};

import type { APIRoute } from 'astro';
import { cookieOptionsFor } from '../../../lib/auth/cookies.ts';
import { SESSION_COOKIE, signSession } from '../../../lib/auth/session.ts';
import { isSignInBlocked, recordFailedSignIn, TOO_MANY_ATTEMPTS_MESSAGE } from '../../../lib/auth/sign-in-guard.ts';
import { errorJson, json, parseJsonBody } from '../../../lib/http.ts';
import { loginPayload } from '../../../lib/validation/payloads.ts';
import { checkPassword, findWorkspaceBySlug } from '../../../lib/workspaces.ts';

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const parsed = await parseJsonBody(request, loginPayload);
  if (!parsed.ok) return parsed.response;
  const { slug, password } = parsed.data;
  const { database, config, sessionKey } = locals.runtime;
  const db = database.db;

  if (await isSignInBlocked(db, slug, locals.clientAddress)) return errorJson(429, TOO_MANY_ATTEMPTS_MESSAGE);
  const workspace = await findWorkspaceBySlug(db, slug);
  if (!workspace || !(await checkPassword(db, workspace.id, 'staff', password))) {
    await recordFailedSignIn(db, slug, locals.clientAddress);
    return errorJson(401, 'Invalid credentials');
  }

  const token = await signSession({ workspaceId: workspace.id, slug: workspace.slug, admin: false }, sessionKey);
  cookies.set(SESSION_COOKIE, token, cookieOptionsFor(url, config.publicUrl));
  return json({ slug: workspace.slug, message: 'Logged in successfully' });
};

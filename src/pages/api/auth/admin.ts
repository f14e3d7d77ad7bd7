import type { APIRoute } from 'astro';
import { knownDevice, signIn } from '#web/cookies.ts';
import { requireStaff } from '#web/guards.ts';
import { endSession } from '#domain/workspace/auth/session-store.ts';
import { checkSignIn, TOO_MANY_ATTEMPTS_MESSAGE } from '#domain/workspace/auth/sign-in.ts';
import { json, parseJsonBody } from '#web/http.ts';
import { adminLoginPayload } from '#contracts/payloads.ts';

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, adminLoginPayload);
  if (!parsed.ok) return parsed.response;
  const { workspace, session } = access;
  const { runtime } = locals;
  const device = await knownDevice(cookies, runtime.sessionKey);
  const attempt = {
    slug: workspace.slug,
    workspaceId: workspace.id,
    password: parsed.data.password,
    kind: 'admin',
    address: locals.clientAddress,
    device,
  } as const;
  const result = await checkSignIn(runtime.database.db, attempt);
  if (result === 'blocked') return json({ success: false, message: TOO_MANY_ATTEMPTS_MESSAGE }, 429);
  if (result === 'wrong') return json({ success: false, message: 'Incorrect password' }, 401);

  // A new session for the new right; the one without it ends.
  await signIn({ cookies, url }, runtime, workspace.id, true, device);
  await endSession(runtime.database.db, session);
  return json({ success: true, message: 'Access granted' });
};

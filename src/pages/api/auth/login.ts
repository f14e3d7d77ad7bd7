import type { APIRoute } from 'astro';
import { knownDevice, signIn } from '#web/cookies.ts';
import { checkSignIn, TOO_MANY_ATTEMPTS_MESSAGE } from '#domain/workspace/auth/sign-in.ts';
import { errorJson, json, parseJsonBody } from '#web/http.ts';
import { loginPayload } from '#contracts/payloads.ts';
import { findWorkspaceBySlug } from '#domain/workspace/workspaces.ts';

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const parsed = await parseJsonBody(request, loginPayload);
  if (!parsed.ok) return parsed.response;
  const { slug, password } = parsed.data;
  const { runtime } = locals;
  const workspace = await findWorkspaceBySlug(runtime.database.db, slug);
  const device = await knownDevice(cookies, runtime.sessionKey);
  const result = await checkSignIn(runtime.database.db, {
    slug,
    workspaceId: workspace?.id ?? null,
    password,
    kind: 'staff',
    address: locals.clientAddress,
    device,
  });
  if (result === 'blocked') return errorJson(429, TOO_MANY_ATTEMPTS_MESSAGE);
  if (result === 'wrong' || !workspace) return errorJson(401, 'Invalid credentials');

  await signIn({ cookies, url }, runtime, workspace.id, false, device);
  return json({ slug: workspace.slug, message: 'Logged in successfully' });
};

import type { APIRoute } from 'astro';
import { cookieOptionsFor } from '../../lib/auth/cookies.ts';
import { SESSION_COOKIE, signSession } from '../../lib/auth/session.ts';
import { errorJson, json, parseJsonBody } from '../../lib/http.ts';
import { RESERVED_SEGMENTS } from '../../lib/paths.ts';
import { registrationPayload } from '../../lib/validation/payloads.ts';
import { registerWorkspace } from '../../lib/workspaces.ts';

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const parsed = await parseJsonBody(request, registrationPayload);
  if (!parsed.ok) return parsed.response;
  const registration = parsed.data;
  if (RESERVED_SEGMENTS.has(registration.slug)) return errorJson(400, 'This URL is reserved', 'slug');

  const { database, config, sessionKey } = locals.runtime;
  const workspace = await registerWorkspace(database.db, registration, config.defaultPlan);
  if (!workspace) return errorJson(409, 'This dashboard URL is already taken', 'slug');

  const token = await signSession({ workspaceId: workspace.id, slug: workspace.slug, admin: false }, sessionKey);
  cookies.set(SESSION_COOKIE, token, cookieOptionsFor(url, config.publicUrl));
  return json({ slug: workspace.slug, message: 'Registration successful' }, 201);
};

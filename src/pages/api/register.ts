import type { APIRoute } from 'astro';
import { beginAttempt } from '#domain/workspace/auth/attempts.ts';
import { knownDevice, signIn } from '#web/cookies.ts';
import { errorJson, json, parseJsonBody } from '#web/http.ts';
import { RESERVED_SEGMENTS } from '#shared/paths.ts';
import { planForRegistration } from '#shared/plans.ts';
import { registrationPayload } from '#contracts/payloads.ts';
import { findWorkspaceBySlug, registerWorkspace } from '#domain/workspace/workspaces.ts';

const HOUR_MS = 60 * 60 * 1000;
const TAKEN = 'This dashboard URL is already taken';

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const parsed = await parseJsonBody(request, registrationPayload);
  if (!parsed.ok) return parsed.response;
  const registration = parsed.data;
  if (RESERVED_SEGMENTS.has(registration.slug)) return errorJson(400, 'This URL is reserved', 'slug');
  const { runtime } = locals;
  const db = runtime.database.db;
  // Cheap checks before the expensive password hashing.
  if (await findWorkspaceBySlug(db, registration.slug)) return errorJson(409, TAKEN, 'slug');
  const attempt = await beginAttempt(db, {
    scope: 'register',
    source: `address:${locals.clientAddress}`,
    limit: runtime.config.registrationsPerHour,
    windowMs: HOUR_MS,
  });
  if (!attempt.allowed) return errorJson(429, 'Too many registrations from this address. Please try again in an hour.');

  const { plan, trialEndsAt } = planForRegistration(runtime.config, registration.plan);
  const workspace = await registerWorkspace(db, registration, plan, trialEndsAt);
  if (!workspace) return errorJson(409, TAKEN, 'slug');
  await signIn({ cookies, url }, runtime, workspace.id, false, await knownDevice(cookies, runtime.sessionKey));
  return json({ slug: workspace.slug, message: 'Registration successful' }, 201);
};

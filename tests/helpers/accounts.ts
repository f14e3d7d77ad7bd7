import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { workspaces } from '#platform/db/schema.ts';
import type { Plan } from '#shared/plans.ts';
import type { TestApp } from './app.ts';
import { Client, newWorkspace } from './client.ts';

/** A newly registered workspace and its staff session (the client sends Origin like a browser). */
export async function signUp(app: TestApp, overrides: Partial<Record<string, string>> = {}) {
  const client = new Client(app.url, { origin: app.url });
  const workspace = newWorkspace(overrides);
  expect((await client.post('/api/register', workspace)).status).toBe(201);
  const [row] = await app.database.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, workspace.slug));
  return { client, workspace, workspaceId: row!.id, cookie: () => `rc_session=${client.cookie('rc_session')}` };
}

/** signUp, then the admin password: the session carries the admin claim. */
export async function signUpAdmin(app: TestApp, overrides: Partial<Record<string, string>> = {}) {
  const signedIn = await signUp(app, overrides);
  expect((await signedIn.client.post('/api/auth/admin', { password: signedIn.workspace.adminPassword })).status).toBe(200);
  return signedIn;
}

/** What a Stripe webhook or the operator's CLI does: the stored plan, no trial. */
export async function setPlan(app: TestApp, workspaceId: number, plan: Plan) {
  await app.database.db.update(workspaces).set({ plan, trialEndsAt: null }).where(eq(workspaces.id, workspaceId));
}

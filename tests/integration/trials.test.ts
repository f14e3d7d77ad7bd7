import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, workspaces } from '#platform/db/schema.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

// Issue 12 (first part): with no DEFAULT_PLAN, a registration starts a trial (of the plan its
// pricing card asked for, or of Team); when the trial ends the workspace is on the free plan and
// keeps every row.

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

async function register(plan?: string) {
  const client = new Client(app.url, { origin: app.url });
  const workspace = newWorkspace();
  const res = await client.post('/api/register', { ...workspace, ...(plan ? { plan } : {}) });
  return { client, workspace, res };
}

const days = (iso: string) => (Date.parse(iso) - Date.now()) / (24 * 60 * 60 * 1000);

describe('trials', () => {
  it('gives a registration without a plan a 14-day Team trial, and says so in the status', async () => {
    const { client, res } = await register();
    expect(res.status).toBe(201);
    const status = (await client.get('/api/auth/status')).json;
    expect(status).toEqual({ authenticated: true, slug: expect.any(String), plan: 'team', trialEndsAt: expect.any(String) });
    expect(days(status.trialEndsAt)).toBeGreaterThan(13.9);
    expect(days(status.trialEndsAt)).toBeLessThanOrEqual(14);
  });

  it("starts a trial of the pricing card's plan, and refuses a plan that is not on it", async () => {
    const { client } = await register('starter');
    expect((await client.get('/api/auth/status')).json.plan).toBe('starter');
    const bad = await register('gold');
    expect(bad.res.status).toBe(400);
    expect(bad.res.json).toEqual({ message: 'Plan must be starter, team or agency', field: 'plan' });
    expect((await register('free')).res.status).toBe(400);
  });

  it('answers the plan, the end of its trial and its limits to the admin', async () => {
    const { client, workspace } = await register('agency');
    expect((await client.get('/api/admin/plan')).status).toBe(403);
    await client.post('/api/auth/admin', { password: workspace.adminPassword });
    const plan = (await client.get('/api/admin/plan')).json;
    expect(plan).toEqual({
      plan: 'agency',
      trialEndsAt: expect.any(String),
      limits: { teams: 50, wallboards: 10, autoMatch: true, branding: true },
      billing: { configured: false, hasSubscription: false, hasCustomer: false, plans: [] },
    });
  });

  it('falls to the free plan when the trial ends, keeping every row', async () => {
    const { client, workspace } = await register('team');
    await client.post('/api/auth/admin', { password: workspace.adminPassword });
    expect((await client.post('/api/teams', { name: 'Front Desk', color: '#10B981' })).status).toBe(201);
    const [row] = await app.database.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, workspace.slug));
    await app.database.db
      .update(workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(workspaces.id, row!.id));

    const status = (await client.get('/api/auth/status')).json;
    expect(status.plan).toBe('free');
    expect((await client.get('/api/admin/plan')).json).toMatchObject({ plan: 'free', limits: { autoMatch: false } });
    // Free cannot log requests; the team is still there.
    expect((await client.post('/api/review-requests', {})).status).toBeGreaterThanOrEqual(400);
    expect((await app.database.db.select().from(teams).where(eq(teams.workspaceId, row!.id))).map((t) => t.name)).toContain('Front Desk');
    const [stored] = await app.database.db.select({ plan: workspaces.plan }).from(workspaces).where(eq(workspaces.id, row!.id));
    expect(stored!.plan).toBe('team');
  });
});

import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import type { Plan } from '#shared/plans.ts';
import { setPlan, signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';

// Issue 12, item 2: each plan's limits are refused by the API with a 403 naming the limit, and what
// is over a limit after a downgrade is read-only, never deleted.

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function workspaceOn(plan: Plan) {
  const admin = await signUpAdmin(app);
  await setPlan(app, admin.workspaceId, plan);
  return admin;
}

async function addTeam(client: Client, name: string) {
  return client.post('/api/teams', { name, color: '#3B82F6' });
}

/** The admin's first email template, made through the API as the admin card makes it. */
async function firstTemplateId(client: Client): Promise<number> {
  const res = await client.post('/api/email-templates', { name: 'Thank you', subject: 'How did we do, {firstName}?', htmlContent: '<p>Hi {firstName}</p>' });
  expect(res.status).toBe(201);
  return res.json.id;
}

function logRequest(client: Client, teamId: number, templateId: number, firstName = 'Jane') {
  return client.post('/api/review-requests', {
    firstName,
    lastName: 'Citizen',
    email: `${firstName.toLowerCase()}@example.com`,
    staffFirstName: 'Tom',
    staffEmail: 'tom@example.com',
    teamId,
    templateId,
    customEmailSubject: '',
    customEmailContent: '',
  });
}

function uploadLogo(admin: Awaited<ReturnType<typeof signUpAdmin>>) {
  const form = new FormData();
  form.set('logo', new Blob([PNG], { type: 'image/png' }), 'logo.png');
  return fetch(`${app.url}/api/upload-logo`, { method: 'POST', body: form, headers: { cookie: admin.cookie(), origin: app.url } });
}

describe('plan limits', () => {
  it('Starter: a third team is refused naming the limit; "Unknown" does not count', async () => {
    const admin = await workspaceOn('starter');
    expect((await addTeam(admin.client, 'Front Desk')).status).toBe(201);
    expect((await addTeam(admin.client, 'Advisory')).status).toBe(201);
    const third = await addTeam(admin.client, 'Audit');
    expect(third.status).toBe(403);
    expect(third.json).toEqual({ message: 'Team limit reached: the Starter plan allows 2 teams. Upgrade your plan to add more.' });
    expect(third.headers.get('x-plan-limit')).toBe('teams');
    const names = (await admin.client.get('/api/teams')).json.map((t: { name: string }) => t.name);
    expect(names).toEqual(['Advisory', 'Front Desk', 'Unknown']);
  });

  it('Team: five teams, the sixth refused', async () => {
    const admin = await workspaceOn('team');
    for (const name of ['A', 'B', 'C', 'D', 'E']) expect((await addTeam(admin.client, name)).status).toBe(201);
    const sixth = await addTeam(admin.client, 'F');
    expect(sixth.status).toBe(403);
    expect(sixth.json.message).toContain('the Team plan allows 5 teams');
  });

  it('the plan answer names every limit', async () => {
    const admin = await workspaceOn('starter');
    const plan = (await admin.client.get('/api/admin/plan')).json;
    expect(plan).toMatchObject({ plan: 'starter', trialEndsAt: null, limits: { teams: 2, wallboards: 1, autoMatch: false, branding: false } });
  });

  it('client branding: a logo is refused on Starter and accepted on Team', async () => {
    const starter = await workspaceOn('starter');
    const refused = await uploadLogo(starter);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: expect.stringContaining('Client branding (your own logo) is not part of the Starter plan') });
    expect(refused.headers.get('x-plan-limit')).toBe('branding');
    const team = await workspaceOn('team');
    expect((await uploadLogo(team)).status).toBe(200);
  });

  it('free: logging a request is refused naming the limit', async () => {
    const admin = await workspaceOn('team');
    const team = (await addTeam(admin.client, 'Front Desk')).json;
    await setPlan(app, admin.workspaceId, 'free');
    const res = await logRequest(admin.client, team.id, await firstTemplateId(admin.client));
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: expect.stringContaining('upgrade') });
    expect(res.headers.get('x-plan-limit')).toBe('logging');
  });

  it('Starter: the engine suggests a match but never counts it for a team; Team auto-matches', async () => {
    for (const [plan, expected] of [
      ['starter', { matchStatus: 'needs_review', teamId: null }],
      ['team', { matchStatus: 'auto_matched' }],
    ] as const) {
      const admin = await workspaceOn(plan);
      const team = (await addTeam(admin.client, 'Front Desk')).json;
      const request = (await logRequest(admin.client, team.id, await firstTemplateId(admin.client), 'Robert')).json.request;
      const webhook = (await admin.client.get('/api/admin/crm-webhook')).json.url as string;
      const delivered = await fetch(webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reviewId: `r-${plan}`, reviewerName: 'Robert Citizen', rating: 5, reviewText: 'Thanks' }),
      });
      expect(delivered.status).toBe(201);
      const [stored] = await app.database.db.select().from(reviews).where(eq(reviews.workspaceId, admin.workspaceId));
      expect(stored, plan).toMatchObject({ ...expected, requestId: request.id });
      const unmatched = (await admin.client.get('/api/unmatched-reviews')).json;
      if (plan === 'starter') expect(JSON.stringify(unmatched)).toContain(`"suggestedInviteId":${request.id}`);
    }
  });

  it('a downgrade keeps every team and request; the teams over the limit are read-only until an upgrade', async () => {
    const admin = await workspaceOn('team');
    const created = [];
    for (const name of ['A', 'B', 'C', 'D']) created.push((await addTeam(admin.client, name)).json);
    const templateId = await firstTemplateId(admin.client);
    for (const team of created) expect((await logRequest(admin.client, team.id, templateId)).status).toBe(201);

    await setPlan(app, admin.workspaceId, 'starter');
    const listed = (await admin.client.get('/api/teams')).json as { name: string; readOnly?: boolean }[];
    expect(listed.map((t) => [t.name, t.readOnly ?? false])).toEqual([
      ['A', false],
      ['B', false],
      ['C', true],
      ['D', true],
      ['Unknown', false],
    ]);
    const [, , c, d] = created;
    const rename = await admin.client.request('PUT', `/api/teams/${c.id}`, { name: 'Renamed' });
    expect(rename.status).toBe(403);
    expect(rename.json).toEqual({ message: expect.stringContaining('This team is read-only: the Starter plan allows 2 teams') });
    expect(rename.headers.get('x-plan-limit')).toBe('teams');
    const logged = await logRequest(admin.client, d.id, templateId);
    expect(logged.status).toBe(403);
    expect(logged.json.message).toContain('read-only');
    expect((await logRequest(admin.client, created[0].id, templateId)).status).toBe(201);

    const rows = async () => ({
      teams: (await app.database.db.select({ n: count() }).from(teams).where(eq(teams.workspaceId, admin.workspaceId)))[0]!.n,
      requests: (await app.database.db.select({ n: count() }).from(reviewRequests).where(eq(reviewRequests.workspaceId, admin.workspaceId)))[0]!.n,
      cRequests: (
        await app.database.db
          .select({ n: count() })
          .from(reviewRequests)
          .where(and(eq(reviewRequests.workspaceId, admin.workspaceId), eq(reviewRequests.teamId, c.id)))
      )[0]!.n,
    });
    expect(await rows()).toEqual({ teams: 5, requests: 5, cRequests: 1 });

    // Deleting a team frees a place: the oldest read-only team becomes usable again.
    expect((await admin.client.request('DELETE', `/api/teams/${created[1].id}`)).status).toBe(200);
    expect((await admin.client.request('PUT', `/api/teams/${c.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await logRequest(admin.client, d.id, templateId)).status).toBe(403);

    await setPlan(app, admin.workspaceId, 'team');
    expect((await admin.client.get('/api/teams')).json.every((t: { readOnly?: boolean }) => !t.readOnly)).toBe(true);
    expect((await logRequest(admin.client, d.id, templateId)).status).toBe(201);
  });

  // Issue 27, item 3: 18 of 27 creations answered 201 on the read-only wallboards of a workspace moved from Agency to Starter.
  it('Agency then Starter: no team is added to a read-only wallboard, its teams are read-only, and no request is logged to them, by session or API key', async () => {
    const admin = await workspaceOn('agency');
    const templateId = await firstTemplateId(admin.client);
    const boards = [];
    for (const name of ['Client One', 'Client Two']) boards.push((await admin.client.post('/api/admin/wallboards', { name })).json as { id: number });
    const onBoard = (await admin.client.post('/api/teams', { name: 'Board crew', wallboardId: boards[0]!.id })).json as { id: number };
    const main = (await addTeam(admin.client, 'Main crew')).json as { id: number };
    const key = (await admin.client.post('/api/admin/api-keys', { name: 'CRM', scope: 'write' })).json.key as string;
    const api = new Client(app.url, { authorization: `Bearer ${key}` });

    await setPlan(app, admin.workspaceId, 'starter');
    for (const board of boards) {
      const refused = await admin.client.post('/api/teams', { name: `New on ${board.id}`, wallboardId: board.id });
      expect(refused.status).toBe(403);
      expect(refused.json.message).toMatch(/^This wallboard is read-only: the Starter plan allows 1 wallboard/);
      expect(refused.headers.get('x-plan-limit')).toBe('wallboards');
    }
    const listed = (await admin.client.get('/api/teams')).json as { name: string; readOnly?: boolean }[];
    expect(listed.map((t) => [t.name, t.readOnly ?? false])).toEqual([
      ['Board crew', true],
      ['Main crew', false],
      ['Unknown', false],
    ]);
    expect((await logRequest(admin.client, onBoard.id, templateId)).status).toBe(403);
    const byKey = await api.post('/api/v1/review-requests', {
      staffFirstName: 'Tom',
      staffEmail: 'tom@example.com',
      teamId: onBoard.id,
      email: 'jo@example.com',
      firstName: 'Jo',
      lastName: 'Citizen',
    });
    expect(byKey.status).toBe(403);
    expect(byKey.json.detail ?? byKey.json.message).toContain('read-only');
    expect((await logRequest(admin.client, main.id, templateId)).status).toBe(201);
    const onBoards = await app.database.db
      .select({ n: count() })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.workspaceId, admin.workspaceId), eq(reviewRequests.teamId, onBoard.id)));
    expect(onBoards[0]!.n).toBe(0);
    expect((await app.database.db.select({ n: count() }).from(teams).where(eq(teams.workspaceId, admin.workspaceId)))[0]!.n).toBe(3);
  });
});

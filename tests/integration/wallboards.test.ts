import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates, logos, teams, wallboards } from '#platform/db/schema.ts';
import type { Plan } from '#shared/plans.ts';
import { setPlan, signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { openEventStream } from '../helpers/event-stream.ts';

// Issue 12, item 3: wallboards as things (Agency). A workspace has its own wallboard and, on Agency,
// up to 9 named ones, each with its own teams (up to 5), target, page and share links.

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

async function workspaceOn(plan: Plan) {
  const admin = await signUpAdmin(app);
  await setPlan(app, admin.workspaceId, plan);
  return admin;
}

describe('wallboards', () => {
  it('are refused on Team with a message naming the limit', async () => {
    const { client } = await workspaceOn('team');
    const res = await client.post('/api/admin/wallboards', { name: 'Client A' });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/^Wallboard limit reached: the Team plan allows 1 wallboard\./);
    expect(res.headers.get('x-plan-limit')).toBe('wallboards');
  });

  it('Agency: ten in all (the main one and nine named), the eleventh refused', async () => {
    const { client } = await workspaceOn('agency');
    for (let i = 1; i <= 9; i++) expect((await client.post('/api/admin/wallboards', { name: `Client ${i}` })).status).toBe(201);
    const tenth = await client.post('/api/admin/wallboards', { name: 'Client 10' });
    expect(tenth.status).toBe(403);
    expect(tenth.json.message).toContain('the Agency plan allows 10 wallboards');
    expect((await client.get('/api/admin/wallboards')).json).toHaveLength(9);
  });

  it('validates what it is given', async () => {
    const { client } = await workspaceOn('agency');
    expect((await client.post('/api/admin/wallboards', { name: '  ' })).json).toMatchObject({ message: 'Wallboard name is required' });
    expect((await client.post('/api/admin/wallboards', { name: 'A', targetReviews: 0 })).status).toBe(400);
    expect((await client.request('PUT', '/api/admin/wallboards/999999', { name: 'B' })).status).toBe(404);
  });

  it('each has its own teams (five at most), target, dashboard, page and share link', async () => {
    const { client, workspace } = await workspaceOn('agency');
    const board = (await client.post('/api/admin/wallboards', { name: 'Smith & Co', targetReviews: 40 })).json;
    expect(board).toEqual({ id: expect.any(Number), name: 'Smith & Co', targetReviews: 40, weeklyGoal: null, teams: 0 });
    for (const name of ['S1', 'S2', 'S3', 'S4', 'S5']) {
      const team = await client.post('/api/teams', { name, wallboardId: board.id });
      expect(team.status).toBe(201);
      expect(team.json.wallboardId).toBe(board.id);
    }
    const sixth = await client.post('/api/teams', { name: 'S6', wallboardId: board.id });
    expect(sixth.status).toBe(403);
    expect(sixth.json.message).toContain('the Agency plan allows 5 teams per wallboard');
    // The main wallboard has room of its own.
    expect((await client.post('/api/teams', { name: 'Main team' })).status).toBe(201);

    const own = (await client.get(`/api/dashboard?wallboard=${board.id}`)).json;
    expect(own).toMatchObject({ companyName: 'Smith & Co', targetReviews: 40 });
    expect(own.teams.map((t: { name: string }) => t.name)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5']);
    const main = (await client.get('/api/dashboard')).json;
    expect(main.teams.map((t: { name: string }) => t.name)).toEqual(['Main team', 'Unknown']);
    expect((await client.get('/api/admin/wallboards')).json[0].teams).toBe(5);

    const page = await client.get(`/${workspace.slug}/wallboards/${board.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Smith &amp; Co');
    expect((await client.get(`/${workspace.slug}/wallboards/999999`)).status).toBe(302);

    const link = await client.post('/api/admin/kiosk-links', { label: 'Smith TV', wallboardId: board.id });
    expect(link.status).toBe(201);
    const token = new URL(link.json.url).pathname.split('/').pop();
    const kiosk = await (await fetch(`${app.url}/api/kiosk/${token}/dashboard`)).json();
    expect(kiosk).toMatchObject({ companyName: 'Smith & Co', targetReviews: 40 });
    expect(kiosk.teams).toHaveLength(5);
  });

  it("are the workspace's own: another workspace's wallboard is not found", async () => {
    const a = await workspaceOn('agency');
    const b = await workspaceOn('agency');
    const board = (await a.client.post('/api/admin/wallboards', { name: 'Mine' })).json;
    expect((await b.client.post('/api/teams', { name: 'Intruder', wallboardId: board.id })).json).toEqual({
      message: 'Wallboard not found',
      field: 'wallboardId',
    });
    expect((await b.client.get(`/api/dashboard?wallboard=${board.id}`)).status).toBe(404);
    expect((await b.client.post('/api/admin/kiosk-links', { label: 'x', wallboardId: board.id })).status).toBe(400);
    expect((await b.client.request('DELETE', `/api/admin/wallboards/${board.id}`)).status).toBe(404);
  });

  it('after a downgrade are kept and shown, read-only; deleting one hands its teams to the main wallboard', async () => {
    const { client, workspaceId } = await workspaceOn('agency');
    const board = (await client.post('/api/admin/wallboards', { name: 'Client A' })).json;
    expect((await client.post('/api/teams', { name: 'A1', wallboardId: board.id })).status).toBe(201);

    await setPlan(app, workspaceId, 'team');
    const listed = (await client.get('/api/admin/wallboards')).json;
    expect(listed).toEqual([{ ...board, teams: 1, readOnly: true }]);
    const rename = await client.request('PUT', `/api/admin/wallboards/${board.id}`, { name: 'Renamed' });
    expect(rename.status).toBe(403);
    expect(rename.json.message).toContain('This wallboard is read-only');
    expect((await client.get(`/api/dashboard?wallboard=${board.id}`)).json.teams).toHaveLength(1);

    expect((await client.request('DELETE', `/api/admin/wallboards/${board.id}`)).status).toBe(200);
    const [left] = await app.database.db.select({ n: count() }).from(wallboards).where(eq(wallboards.workspaceId, workspaceId));
    expect(left!.n).toBe(0);
    const [team] = await app.database.db.select().from(teams).where(eq(teams.name, 'A1'));
    expect(team).toMatchObject({ workspaceId, wallboardId: null });
    expect((await client.get('/api/dashboard')).json.teams.map((t: { name: string }) => t.name)).toContain('A1');
  });
});

describe('branding per wallboard', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const upload = (cookie: string, wallboardId?: string) => {
    const form = new FormData();
    form.set('logo', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    if (wallboardId !== undefined) form.set('wallboardId', wallboardId);
    return fetch(`${app.url}/api/upload-logo`, { method: 'POST', body: form, headers: { cookie, origin: app.url } });
  };

  it("gives a named wallboard its own logo, shown on its dashboard and not on the workspace's", async () => {
    const admin = await workspaceOn('agency');
    const board = (await admin.client.post('/api/admin/wallboards', { name: 'Client B' })).json;
    const res = await upload(admin.cookie(), String(board.id));
    expect(res.status).toBe(200);
    const { companyLogo } = await res.json();
    expect(companyLogo).toMatch(new RegExp(`^/api/logo/${admin.workspace.slug}\\?wallboard=${board.id}&v=\\d+$`));
    expect((await admin.client.get(`/api/dashboard?wallboard=${board.id}`)).json.companyLogo).toBe(companyLogo);
    expect((await admin.client.get('/api/dashboard')).json.companyLogo).toBeNull();
    const served = await fetch(app.url + companyLogo);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${app.url}/api/logo/${admin.workspace.slug}`)).status).toBe(404);

    // The workspace's own logo is separate, and replacing either keeps one of each.
    expect((await upload(admin.cookie())).status).toBe(200);
    expect((await upload(admin.cookie(), String(board.id))).status).toBe(200);
    expect((await admin.client.get('/api/dashboard')).json.companyLogo).toMatch(/^\/api\/logo\/[^?]+\?v=\d+$/);
    const [{ n }] = await app.database.db.select({ n: count() }).from(logos).where(eq(logos.workspaceId, admin.workspaceId));
    expect(n).toBe(2);
  });

  it("refuses another workspace's wallboard", async () => {
    const a = await workspaceOn('agency');
    const b = await workspaceOn('agency');
    const board = (await a.client.post('/api/admin/wallboards', { name: 'Theirs' })).json;
    const res = await upload(b.cookie(), String(board.id));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Wallboard not found', field: 'wallboardId' });
  });
});

// Issue 27, items 1 and 2: one client's TV never sees another client, and a deleted wallboard's TVs go dark.
describe("a named wallboard's live stream", () => {
  it("carries only that wallboard's teams, people, counts and reviews, on its TV link and signed in, and ends when the wallboard is deleted", async () => {
    const admin = await workspaceOn('agency');
    const { client } = admin;
    const [template] = await app.database.db
      .insert(emailTemplates)
      .values({ workspaceId: admin.workspaceId, name: 'Thanks', subject: 'How did we do?', htmlContent: '<p>Hi {firstName}</p>', phoneScript: null })
      .returning({ id: emailTemplates.id });
    const one = (await client.post('/api/admin/wallboards', { name: 'Client One' })).json;
    const two = (await client.post('/api/admin/wallboards', { name: 'Client Two' })).json;
    const teamOf = async (name: string, wallboardId?: number) =>
      (await client.post('/api/teams', { name, ...(wallboardId ? { wallboardId } : {}) })).json.id as number;
    const crews = { one: await teamOf('Ocelot Crew', one.id), two: await teamOf('Tapir Crew', two.id), main: await teamOf('Marmot Crew') };
    const ask = async (teamId: number, staffFirstName: string, firstName: string, lastName: string) => {
      const body = {
        staffFirstName,
        staffEmail: `${staffFirstName.toLowerCase()}@agency.example`,
        teamId,
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@example.test`,
        templateId: template!.id,
      };
      expect((await client.post('/api/review-requests', body)).status).toBe(201);
    };
    const land = async (reviewerName: string) =>
      expect((await client.post('/api/test-review', { reviewerName, rating: 5, reviewText: 'Great' })).json.matchStatus).toBe('auto_matched');

    const link = (await client.post('/api/admin/kiosk-links', { label: 'Client One TV', wallboardId: one.id })).json;
    const token = new URL(link.url).pathname.split('/').pop();
    const tv = await openEventStream(`${app.url}/api/kiosk/${token}/events`);
    const signedIn = await openEventStream(`${app.url}/api/events?wallboard=${one.id}`, { cookie: admin.cookie() });
    try {
      await tv.waitFor((e) => e.event === 'data_update');
      await signedIn.waitFor((e) => e.event === 'data_update');
      await ask(crews.two, 'Tobias', 'Harriet', 'Hawthorne');
      await ask(crews.main, 'Magnus', 'Gideon', 'Gilmore');
      await ask(crews.one, 'Olive', 'Felix', 'Fairfax');
      await land('Harriet Hawthorne');
      await land('Gideon Gilmore');
      await land('Felix Fairfax');
      for (const stream of [tv, signedIn]) {
        const own = await stream.waitFor((e) => e.event === 'reviewAdded' && e.data.review?.reviewerName === 'Felix F.');
        expect(own.data.celebration).toBe(true);
        expect(own.data.data.companyName).toBe('Client One');
        expect(own.data.data.teams.map((t: { name: string }) => t.name)).toEqual(['Ocelot Crew']);
        expect(own.data.data.totals).toEqual({ requestsSent: 1, googleReviews: 1 });
        const seen = JSON.stringify(stream.events);
        for (const theirs of [
          'Client Two',
          'Tapir',
          'Marmot',
          '"name":"Unknown"',
          'Tobias',
          'Magnus',
          'Harriet',
          'Hawthorne',
          'Gideon',
          'Gilmore',
          admin.workspace.businessName,
        ]) {
          expect(seen, `${theirs} reached Client One's stream`).not.toContain(theirs);
        }
        // The other boards' reviews reached it as new figures of its own at most, never as a celebration.
        expect(stream.events.filter((e) => e.data.celebration)).toHaveLength(1);
      }
      expect((await client.get('/api/events?wallboard=999999')).status).toBe(404);

      expect((await client.request('DELETE', `/api/admin/wallboards/${one.id}`)).status).toBe(200);
      await expect.poll(() => tv.ended).toBe(true);
      await expect.poll(() => signedIn.ended).toBe(true);
    } finally {
      await tv.close();
      await signedIn.close();
    }
  });
});

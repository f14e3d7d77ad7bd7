// The reviews page's calls (SPEC.md section 7): the team-visible lists, and assigning a waiting
// review to a request or a team, with the inviteId 0 rule and the kind routing of DESIGN.md.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, teams } from '#platform/db/schema.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { insertRequest } from '../helpers/seed-requests.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const deliver = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * A workspace with two teams, a staff client (no admin claim) and the admin's: one review action
 * from the CRM webhook and one Google review (a test review), both waiting, and one open request.
 */
async function workspaceWithWaitingReviews() {
  const admin = await signUpAdmin(app);
  const staff = new Client(app.url, { origin: app.url });
  expect((await staff.post('/api/auth/login', { slug: admin.workspace.slug, password: admin.workspace.password })).status).toBe(200);
  const webhook = (await admin.client.get('/api/admin/crm-webhook')).json.url as string;
  const desk = (await admin.client.post('/api/teams', { name: 'Front Desk', color: '#F59E0B' })).json;
  const audit = (await admin.client.post('/api/teams', { name: 'Audit', color: '#8B5CF6' })).json;
  const unknown = (await admin.client.get('/api/teams')).json.find((t: { name: string }) => t.name === 'Unknown');

  const crmReview = { reviewId: 'crm-42', reviewerName: 'Zed Quill', rating: 4, reviewText: 'Quick and friendly', reviewUrl: 'https://example.com/r/42' };
  expect((await deliver(webhook, crmReview)).status).toBe(201);
  const google = await admin.client.post('/api/test-review', { reviewerName: 'Yara Voss', rating: 5, reviewText: 'Superb', source: 'google' });
  expect(google.status).toBe(201);
  const actionId = (
    await app.database.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.workspaceId, admin.workspaceId), eq(reviews.externalId, 'crm-42')))
  )[0]!.id;
  // Logged after the reviews arrived, so the matcher never saw it.
  const requestId = await insertRequest(app, admin.workspaceId, { teamId: desk.id, firstName: 'Priya', lastName: 'Raman', email: 'priya@example.com' });
  return { ...admin, staff, webhook, crmReview, desk, audit, unknown, actionId, googleId: google.json.id as number, requestId };
}

const figures = async (client: Client) => {
  const dashboard = (await client.get('/api/dashboard')).json;
  return Object.fromEntries(dashboard.teams.map((t: { name: string; googleReviewsConfirmed: number }) => [t.name, t.googleReviewsConfirmed]));
};

describe('the team-visible lists', () => {
  it('lists waiting reviews, unmatched invites and matched reviews in the spec shapes, with inviteId 0 for Google reviews', async () => {
    const ws = await workspaceWithWaitingReviews();
    const waiting = await ws.staff.get('/api/unmatched-reviews');
    expect(waiting.status).toBe(200);
    const unknownTeam = { id: ws.unknown.id, name: 'Unknown', color: ws.unknown.color };
    expect(waiting.json).toEqual([
      {
        id: ws.googleId,
        reviewerName: 'Yara Voss',
        rating: 5,
        reviewText: 'Superb',
        confirmedAt: null,
        reviewUrl: null,
        inviteId: 0,
        team: unknownTeam,
        kind: 'google',
        source: 'test',
        matchStatus: 'unmatched',
        createTime: expect.any(String),
        suggestedInviteId: null,
        // The matcher's score for its best (too weak) candidate.
        matchConfidence: expect.any(Number),
      },
      expect.objectContaining({
        id: ws.actionId,
        reviewerName: 'Zed Quill',
        inviteId: null,
        kind: 'action',
        source: 'crm',
        reviewUrl: 'https://example.com/r/42',
        team: unknownTeam,
      }),
    ]);

    const invites = await ws.staff.get('/api/unmatched-invites');
    expect(invites.json).toEqual([
      {
        id: ws.requestId,
        firstName: 'Priya',
        lastName: 'Raman',
        email: 'priya@example.com',
        teamId: ws.desk.id,
        teamName: 'Front Desk',
        createdAt: expect.any(String),
      },
    ]);
    expect((await ws.staff.get('/api/google-reviews')).json).toEqual([]);
  });

  it('filters the matched reviews by ?team, and refuses a malformed or foreign team', async () => {
    const ws = await workspaceWithWaitingReviews();
    const other = await signUpAdmin(app);
    const theirs = (await other.client.post('/api/teams', { name: 'Theirs' })).json;
    await ws.staff.post(`/api/google-reviews/${ws.googleId}/assign-to-team`, { teamId: ws.audit.id });
    expect((await ws.staff.get(`/api/google-reviews?team=${ws.audit.id}`)).json.map((r: { id: number }) => r.id)).toEqual([ws.googleId]);
    expect((await ws.staff.get(`/api/google-reviews?team=${ws.desk.id}`)).json).toEqual([]);
    expect((await ws.staff.get(`/api/google-reviews?team=${ws.unknown.id}`)).json).toEqual([]);
    const bad = await ws.staff.get('/api/google-reviews?team=abc');
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('team');
    expect((await ws.staff.get(`/api/google-reviews?team=${theirs.id}`)).status).toBe(404);
  });

  it('needs a session', async () => {
    const anonymous = new Client(app.url);
    for (const path of ['/api/google-reviews', '/api/unmatched-reviews', '/api/unmatched-invites']) expect((await anonymous.get(path)).status).toBe(401);
    expect((await anonymous.post('/api/google-reviews/1/assign-to-team', { teamId: 1 })).status).toBe(401);
  });
});

describe('assigning a waiting review', () => {
  it('to a request: staff confirm it, it counts for the request team, and the dashboard moves', async () => {
    const ws = await workspaceWithWaitingReviews();
    expect(await figures(ws.staff)).toMatchObject({ Unknown: 2, 'Front Desk': 0 });
    const stream = await openEventStream(`${app.url}/api/events`, { cookie: `rc_session=${ws.staff.cookie('rc_session')}` });
    try {
      const res = await ws.staff.post(`/api/review-actions/${ws.actionId}/assign-to-invite`, { inviteId: ws.requestId });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        message: 'Review assigned',
        review: expect.objectContaining({
          id: ws.actionId,
          inviteId: ws.requestId,
          matchStatus: 'self_confirmed',
          confirmedAt: expect.any(String),
          team: { id: ws.desk.id, name: 'Front Desk', color: '#F59E0B' },
        }),
      });
      await stream.waitFor((e) => e.event === 'data_update');
    } finally {
      await stream.close();
    }
    expect(await figures(ws.staff)).toMatchObject({ Unknown: 1, 'Front Desk': 1 });
    expect((await ws.staff.get('/api/google-reviews')).json.map((r: { id: number }) => r.id)).toEqual([ws.actionId]);
    expect((await ws.staff.get('/api/unmatched-reviews')).json.map((r: { id: number }) => r.id)).toEqual([ws.googleId]);
    expect((await ws.staff.get('/api/unmatched-invites')).json).toEqual([]);
  });

  it('to a team: status manual with no request, counted for that team', async () => {
    const ws = await workspaceWithWaitingReviews();
    const res = await ws.staff.post(`/api/google-reviews/${ws.googleId}/assign-to-team`, { teamId: String(ws.audit.id) });
    expect(res.status).toBe(200);
    expect(res.json.review).toMatchObject({ id: ws.googleId, inviteId: 0, matchStatus: 'manual', team: { id: ws.audit.id, name: 'Audit' } });
    const [row] = await app.database.db.select().from(reviews).where(eq(reviews.id, ws.googleId));
    expect(row).toMatchObject({ matchStatus: 'manual', requestId: null, teamId: ws.audit.id });
    expect(await figures(ws.staff)).toMatchObject({ Unknown: 1, Audit: 1 });
  });

  it('routes by kind: the Google routes do not know review actions, and the other way round', async () => {
    const ws = await workspaceWithWaitingReviews();
    const cases = [
      [`/api/google-reviews/${ws.actionId}/assign-to-invite`, { inviteId: ws.requestId }],
      [`/api/google-reviews/${ws.actionId}/assign-to-team`, { teamId: ws.desk.id }],
      [`/api/review-actions/${ws.googleId}/assign-to-invite`, { inviteId: ws.requestId }],
      [`/api/review-actions/${ws.googleId}/assign-to-team`, { teamId: ws.desk.id }],
    ] as const;
    for (const [path, body] of cases) {
      const res = await ws.staff.post(path, body);
      expect(res.status, path).toBe(404);
      expect(res.json.message).toBe('Review not found');
    }
    expect(await figures(ws.staff)).toMatchObject({ Unknown: 2 });
  });

  it('refuses another workspace’s review, request and team, the Unknown team, and a request already matched', async () => {
    const ws = await workspaceWithWaitingReviews();
    const other = await workspaceWithWaitingReviews();
    const taken = await insertRequest(app, ws.workspaceId, { teamId: ws.desk.id, firstName: 'Held', lastName: 'Already' });
    await app.database.db.insert(reviews).values({
      workspaceId: ws.workspaceId,
      kind: 'action',
      source: 'crm',
      externalId: 'holder',
      rating: 5,
      createTime: new Date(),
      requestId: taken,
      teamId: ws.desk.id,
      matchStatus: 'auto_matched',
      matchConfidence: 93,
    });

    const post = (path: string, body: unknown) => ws.staff.post(path, body);
    const expectations: [string, unknown, number, string][] = [
      [`/api/review-actions/${other.actionId}/assign-to-invite`, { inviteId: ws.requestId }, 404, 'Review not found'],
      [`/api/google-reviews/${other.googleId}/assign-to-team`, { teamId: ws.desk.id }, 404, 'Review not found'],
      [`/api/review-actions/${ws.actionId}/assign-to-invite`, { inviteId: other.requestId }, 404, 'Request not found'],
      [`/api/review-actions/${ws.actionId}/assign-to-team`, { teamId: other.desk.id }, 404, 'Team not found'],
      [`/api/google-reviews/${ws.googleId}/assign-to-team`, { teamId: ws.unknown.id }, 400, 'Choose a team other than "Unknown"'],
      [`/api/google-reviews/${ws.googleId}/assign-to-invite`, { inviteId: taken }, 409, 'This request already has a matched review'],
    ];
    for (const [path, body, status, message] of expectations) {
      const res = await post(path, body);
      expect([res.status, res.json.message], path).toEqual([status, message]);
    }
    // Nothing moved, in either workspace.
    expect((await ws.staff.get('/api/unmatched-reviews')).json).toHaveLength(2);
    expect((await other.staff.get('/api/unmatched-reviews')).json).toHaveLength(2);
    const [team] = await app.database.db.select().from(teams).where(eq(teams.id, other.desk.id));
    expect(team!.workspaceId).toBe(other.workspaceId);
  });

  it('answers 400 naming the field for bad input, 404 for a bad id, 409 once matched, and never 500', async () => {
    const ws = await workspaceWithWaitingReviews();
    const base = `/api/review-actions/${ws.actionId}`;
    const bad: [string, unknown, string | undefined][] = [
      ['assign-to-invite', {}, 'inviteId'],
      ['assign-to-invite', { inviteId: 'abc' }, 'inviteId'],
      ['assign-to-invite', { inviteId: 0 }, 'inviteId'],
      ['assign-to-invite', { inviteId: -3 }, 'inviteId'],
      ['assign-to-invite', { inviteId: 1.5 }, 'inviteId'],
      ['assign-to-invite', { inviteId: 99_999_999_999 }, 'inviteId'],
      ['assign-to-team', { teamId: null }, 'teamId'],
      ['assign-to-team', { teamId: [1] }, 'teamId'],
    ];
    for (const [path, body, field] of bad) {
      const res = await ws.staff.post(`${base}/${path}`, body);
      expect([res.status, res.json.field], JSON.stringify(body)).toEqual([400, field]);
    }
    const notJson = await ws.staff.request('POST', `${base}/assign-to-team`, undefined, { raw: '{"teamId": ' });
    expect(notJson.status).toBe(400);
    expect((await ws.staff.post('/api/review-actions/abc/assign-to-team', { teamId: ws.desk.id })).status).toBe(404);
    expect((await ws.staff.post('/api/review-actions/99999999/assign-to-team', { teamId: ws.desk.id })).status).toBe(404);
    expect((await ws.staff.post('/api/review-actions/0/assign-to-team', { teamId: ws.desk.id })).status).toBe(404);

    expect((await ws.staff.post(`${base}/assign-to-team`, { teamId: ws.desk.id })).status).toBe(200);
    const again = await ws.staff.post(`${base}/assign-to-invite`, { inviteId: ws.requestId });
    expect([again.status, again.json.message]).toEqual([409, 'This review is already matched']);
  });

  it('survives a re-delivery of the same review through the webhook', async () => {
    const ws = await workspaceWithWaitingReviews();
    expect((await ws.staff.post(`/api/review-actions/${ws.actionId}/assign-to-invite`, { inviteId: ws.requestId })).status).toBe(200);
    const redelivered = await deliver(ws.webhook, ws.crmReview);
    expect(redelivered.status).toBe(200);
    const edited = await deliver(ws.webhook, { ...ws.crmReview, reviewText: 'Edited later', updatedAt: new Date().toISOString() });
    expect(edited.status).toBeLessThan(300);

    const [row] = await app.database.db.select().from(reviews).where(eq(reviews.id, ws.actionId));
    expect(row).toMatchObject({ matchStatus: 'self_confirmed', requestId: ws.requestId, teamId: ws.desk.id });
    const matched = (await ws.staff.get('/api/google-reviews')).json;
    expect(matched).toHaveLength(1);
    expect(matched[0]).toMatchObject({ id: ws.actionId, inviteId: ws.requestId, team: { name: 'Front Desk' } });
    expect(await figures(ws.staff)).toMatchObject({ Unknown: 1, 'Front Desk': 1 });
  });
});

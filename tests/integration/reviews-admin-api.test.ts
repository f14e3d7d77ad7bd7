import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import { announceDataChange } from '#platform/live/publish.ts';
import { signUp, signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { insertRequest } from '../helpers/seed-requests.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

type Admin = Awaited<ReturnType<typeof signUpAdmin>>;

async function addTeam(workspaceId: number, name: string) {
  const [team] = await app.database.db.insert(teams).values({ workspaceId, name, color: '#F59E0B' }).returning({ id: teams.id });
  return team!.id;
}

/** A request logged an hour ago, so a review written now can come from it. */
const addRequest = (workspaceId: number, teamId: number | null, firstName: string, lastName: string) =>
  insertRequest(app, workspaceId, { teamId, firstName, lastName, createdAt: new Date(Date.now() - 60 * 60 * 1000) });

async function testReview(admin: Admin, reviewerName: string, source: 'google' | 'ghl' = 'google', rating = 5) {
  const res = await admin.client.post('/api/test-review', { reviewerName, rating, reviewText: `Review by ${reviewerName}`, source });
  expect(res.status).toBe(201);
  return res.json.id as number;
}

/** Counted reviews per team name on the wallboard. */
async function board(admin: Admin): Promise<Record<string, number>> {
  const res = await admin.client.get('/api/dashboard');
  expect(res.status).toBe(200);
  return Object.fromEntries(res.json.teams.map((t: { name: string; googleReviewsConfirmed: number }) => [t.name, t.googleReviewsConfirmed]));
}

async function adminReview(admin: Admin, id: number) {
  const res = await admin.client.get('/api/admin/google-reviews');
  expect(res.status).toBe(200);
  return res.json.find((r: { id: number }) => r.id === id);
}

const put = (client: Client, path: string, body: unknown) => client.request('PUT', path, body);
const del = (client: Client, path: string) => client.request('DELETE', path);

describe('who may call the review administration', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/google-reviews'],
    ['PUT', '/api/google-reviews/1', { reviewerName: 'A', rating: 5 }],
    ['POST', '/api/admin/reassign-review', { reviewId: 1, inviteId: 1 }],
    ['POST', '/api/admin/unmatch-review', { reviewId: 1 }],
    ['DELETE', '/api/admin/google-review/1'],
    ['DELETE', '/api/admin/review-action/1'],
    ['POST', '/api/admin/fix-orphaned-reviews', {}],
    ['GET', '/api/admin/test-google-fetch'],
  ];

  it('answers 401 without a session and 403 to staff', async () => {
    const anonymous = new Client(app.url, { origin: app.url });
    const staff = await signUp(app);
    for (const [method, path, body] of calls) {
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      const refused = await staff.client.request(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json.message).toBe('Admin access required');
    }
  });
});

describe('GET /api/admin/google-reviews', () => {
  it('lists both kinds, newest first, in the admin shape with the match evidence', async () => {
    const admin = await signUpAdmin(app);
    const team = await addTeam(admin.workspaceId, 'Front Desk');
    const request = await addRequest(admin.workspaceId, team, 'Robert', 'Nguyen');
    const unmatched = await testReview(admin, 'Zed Nobody', 'ghl', 3);
    const matched = await testReview(admin, 'Robert Nguyen', 'google', 5);
    const res = await admin.client.get('/api/admin/google-reviews');
    expect(res.status).toBe(200);
    expect(res.json.map((r: { id: number }) => r.id)).toEqual([matched, unmatched]);
    expect(res.json[0]).toEqual({
      id: matched,
      kind: 'google',
      source: 'test',
      platform: null,
      reviewerName: 'Robert Nguyen',
      rating: 5,
      comment: 'Review by Robert Nguyen',
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      matchStatus: 'auto_matched',
      matchConfidence: expect.any(Number),
      reviewUrl: null,
      requestId: request,
      customerName: 'Robert Nguyen',
      teamId: team,
      teamName: 'Front Desk',
      teamColor: '#F59E0B',
      evidence: expect.objectContaining({ name: expect.objectContaining({ first: 'exact', last: 'exact' }), clicked: false }),
    });
    expect(res.json[0].matchConfidence).toBeGreaterThanOrEqual(70);
    expect(res.json[1]).toMatchObject({
      id: unmatched,
      kind: 'action',
      source: 'test',
      matchStatus: 'unmatched',
      requestId: null,
      teamName: null,
      customerName: null,
    });
  });

  it('shows only the caller’s reviews', async () => {
    const mine = await signUpAdmin(app);
    const theirs = await signUpAdmin(app);
    await testReview(theirs, 'Their Reviewer');
    expect((await mine.client.get('/api/admin/google-reviews')).json).toEqual([]);
  });
});

describe('PUT /api/google-reviews/{id}', () => {
  it('edits reviewer, stars and comment of either kind, answers the admin review, and moves the dashboard', async () => {
    const admin = await signUpAdmin(app);
    const google = await testReview(admin, 'Zed Nobody', 'google', 5);
    const action = await testReview(admin, 'Yan Other', 'ghl', 5);
    const res = await put(admin.client, `/api/google-reviews/${google}`, { reviewerName: '  Zed N.  ', rating: 1, comment: '  Changed  ' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: google, kind: 'google', reviewerName: 'Zed N.', rating: 1, comment: 'Changed', matchStatus: 'unmatched' });
    const unknown = (await admin.client.get('/api/dashboard')).json.teams.find((t: { name: string }) => t.name === 'Unknown');
    expect(unknown.averageRating).toBe(30);

    const noComment = await put(admin.client, `/api/google-reviews/${action}`, { reviewerName: 'Yan', rating: '4', comment: '' });
    expect(noComment.status).toBe(200);
    expect(noComment.json).toMatchObject({ kind: 'action', rating: 4, comment: null });
    expect((await put(admin.client, `/api/google-reviews/${action}`, { reviewerName: 'Yan', rating: 4 })).json.comment).toBeNull();
  });

  it('answers 400 with a message for bad input', async () => {
    const admin = await signUpAdmin(app);
    const id = await testReview(admin, 'Zed Nobody');
    const cases: [unknown, string, string][] = [
      [{ rating: 5 }, 'reviewerName', 'Reviewer name is required'],
      [{ reviewerName: '   ', rating: 5 }, 'reviewerName', 'Reviewer name is required'],
      [{ reviewerName: 'x'.repeat(201), rating: 5 }, 'reviewerName', 'Reviewer name is too long'],
      [{ reviewerName: 'Zed', rating: 0 }, 'rating', 'Rating must be from 1 to 5'],
      [{ reviewerName: 'Zed', rating: 6 }, 'rating', 'Rating must be from 1 to 5'],
      [{ reviewerName: 'Zed', rating: 2.5 }, 'rating', 'Rating must be from 1 to 5'],
      [{ reviewerName: 'Zed', rating: true }, 'rating', 'Rating must be from 1 to 5'],
      [{ reviewerName: 'Zed' }, 'rating', 'Rating must be from 1 to 5'],
      [{ reviewerName: 'Zed', rating: 5, comment: 12 }, 'comment', 'Comment must be text'],
      [{ reviewerName: 'Zed', rating: 5, comment: 'x'.repeat(5001) }, 'comment', 'Comment is too long'],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(admin.client, `/api/google-reviews/${id}`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json).toEqual({ message, field });
    }
    for (const raw of ['{"reviewerName":', '[1]', '"text"']) {
      expect((await admin.client.request('PUT', `/api/google-reviews/${id}`, undefined, { raw })).status).toBe(400);
    }
    expect((await adminReview(admin, id)).reviewerName).toBe('Zed Nobody');
  });

  it('answers 404 for an id that is not the caller’s', async () => {
    const admin = await signUpAdmin(app);
    const other = await signUpAdmin(app);
    const theirs = await testReview(other, 'Their Reviewer');
    for (const path of [
      `/api/google-reviews/${theirs}`,
      '/api/google-reviews/999999',
      '/api/google-reviews/abc',
      '/api/google-reviews/-1',
      '/api/google-reviews/99999999999999',
    ]) {
      const res = await put(admin.client, path, { reviewerName: 'Hacked', rating: 1 });
      expect(res.status, path).toBe(404);
    }
    expect((await adminReview(other, theirs)).reviewerName).toBe('Their Reviewer');
  });
});

describe('POST /api/admin/reassign-review and /api/admin/unmatch-review', () => {
  it('reassigns to another request and team, unmatches, and the dashboard follows each step', async () => {
    const admin = await signUpAdmin(app);
    const [a, b] = [await addTeam(admin.workspaceId, 'Alpha'), await addTeam(admin.workspaceId, 'Beta')];
    const first = await addRequest(admin.workspaceId, a, 'Robert', 'Nguyen');
    const second = await addRequest(admin.workspaceId, b, 'Priya', 'Sharma');
    const id = await testReview(admin, 'Robert Nguyen');
    expect(await board(admin)).toMatchObject({ Alpha: 1, Beta: 0, Unknown: 0 });

    const moved = await admin.client.post('/api/admin/reassign-review', { reviewId: id, inviteId: second });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({
      id,
      matchStatus: 'manual',
      matchConfidence: null,
      requestId: second,
      customerName: 'Priya Sharma',
      teamId: b,
      teamName: 'Beta',
      evidence: null,
    });
    expect(await board(admin)).toMatchObject({ Alpha: 0, Beta: 1, Unknown: 0 });

    const unmatched = await admin.client.post('/api/admin/unmatch-review', { reviewId: id });
    expect(unmatched.status).toBe(200);
    expect(unmatched.json).toMatchObject({ id, matchStatus: 'unmatched', matchConfidence: null, requestId: null, teamId: null, teamName: null });
    expect(await board(admin)).toMatchObject({ Alpha: 0, Beta: 0, Unknown: 1 });

    // String ids, as a form sends them, work too.
    expect((await admin.client.post('/api/admin/reassign-review', { reviewId: String(id), inviteId: String(first) })).json).toMatchObject({
      teamName: 'Alpha',
    });
    expect(await board(admin)).toMatchObject({ Alpha: 1, Unknown: 0 });
  });

  it('refuses a request another counted review holds', async () => {
    const admin = await signUpAdmin(app);
    const team = await addTeam(admin.workspaceId, 'Alpha');
    const held = await addRequest(admin.workspaceId, team, 'Robert', 'Nguyen');
    await testReview(admin, 'Robert Nguyen');
    const other = await testReview(admin, 'Zed Nobody');
    const res = await admin.client.post('/api/admin/reassign-review', { reviewId: other, inviteId: held });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: 'That request already has a matched review', field: 'inviteId' });
    expect((await adminReview(admin, other)).matchStatus).toBe('unmatched');
  });

  it('refuses ids of another workspace and bad input, never with a 500', async () => {
    const admin = await signUpAdmin(app);
    const other = await signUpAdmin(app);
    const team = await addTeam(admin.workspaceId, 'Alpha');
    const mine = await addRequest(admin.workspaceId, team, 'Robert', 'Nguyen');
    const noTeam = await addRequest(admin.workspaceId, null, 'Nora', 'Lee');
    const myReview = await testReview(admin, 'Zed Nobody');
    const theirReview = await testReview(other, 'Their Reviewer');
    const theirRequest = await addRequest(other.workspaceId, await addTeam(other.workspaceId, 'Theirs'), 'Their', 'Customer');

    expect((await admin.client.post('/api/admin/reassign-review', { reviewId: theirReview, inviteId: mine })).status).toBe(404);
    expect((await admin.client.post('/api/admin/reassign-review', { reviewId: myReview, inviteId: theirRequest })).status).toBe(404);
    expect((await admin.client.post('/api/admin/unmatch-review', { reviewId: theirReview })).status).toBe(404);
    expect((await adminReview(other, theirReview)).matchStatus).toBe('unmatched');

    const withoutTeam = await admin.client.post('/api/admin/reassign-review', { reviewId: myReview, inviteId: noTeam });
    expect(withoutTeam.status).toBe(400);
    expect(withoutTeam.json.field).toBe('inviteId');

    const bad: unknown[] = [
      {},
      { reviewId: myReview },
      { inviteId: mine },
      { reviewId: 'x', inviteId: mine },
      { reviewId: myReview, inviteId: -3 },
      { reviewId: 1.5, inviteId: mine },
      { reviewId: myReview, inviteId: 0 },
      { reviewId: myReview, inviteId: 1e12 },
      { reviewId: null, inviteId: null },
    ];
    for (const body of bad) {
      const res = await admin.client.post('/api/admin/reassign-review', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
    for (const body of [{}, { reviewId: 'abc' }, { reviewId: 0 }, { reviewId: [1] }]) {
      expect((await admin.client.post('/api/admin/unmatch-review', body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const raw of ['not json', '[]', 'null']) {
      expect((await admin.client.request('POST', '/api/admin/reassign-review', undefined, { raw })).status).toBe(400);
      expect((await admin.client.request('POST', '/api/admin/unmatch-review', undefined, { raw })).status).toBe(400);
    }
    expect((await admin.client.post('/api/admin/unmatch-review', { reviewId: 2_000_000_000 })).status).toBe(404);
  });

  it('keeps a reassignment when the webhook delivers the same review again', async () => {
    const admin = await signUpAdmin(app);
    const url = (await admin.client.get('/api/admin/crm-webhook')).json.url as string;
    const team = await addTeam(admin.workspaceId, 'Alpha');
    const request = await addRequest(admin.workspaceId, team, 'Priya', 'Sharma');
    const payload = { reviewId: 'crm-redeliver-1', reviewerName: 'P. S.', rating: 4, reviewText: 'Good', source: 'google' };
    const deliver = (body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const first = await deliver(payload);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: number };
    expect((await admin.client.post('/api/admin/reassign-review', { reviewId: id, inviteId: request })).status).toBe(200);

    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver({ ...payload, reviewText: 'Good, edited' })).status).toBe(200);
    expect(await adminReview(admin, id)).toMatchObject({ matchStatus: 'manual', requestId: request, teamId: team });
    expect(await board(admin)).toMatchObject({ Alpha: 1, Unknown: 0 });
  });
});

describe('DELETE /api/admin/google-review/{id} and /api/admin/review-action/{id}', () => {
  it('deletes each kind at its own path only, and the dashboard drops it', async () => {
    const admin = await signUpAdmin(app);
    const google = await testReview(admin, 'Zed Nobody', 'google');
    const action = await testReview(admin, 'Yan Other', 'ghl');
    expect(await board(admin)).toMatchObject({ Unknown: 2 });

    expect((await del(admin.client, `/api/admin/review-action/${google}`)).status).toBe(404);
    expect((await del(admin.client, `/api/admin/google-review/${action}`)).status).toBe(404);
    const deleted = await del(admin.client, `/api/admin/google-review/${google}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.message).toBe('Review deleted');
    expect(await board(admin)).toMatchObject({ Unknown: 1 });
    expect((await del(admin.client, `/api/admin/review-action/${action}`)).status).toBe(200);
    expect(await board(admin)).toMatchObject({ Unknown: 0 });
    expect((await admin.client.get('/api/admin/google-reviews')).json).toEqual([]);
    expect((await del(admin.client, `/api/admin/google-review/${google}`)).status).toBe(404);
  });

  it('refuses another workspace’s reviews and ids that are not ids', async () => {
    const admin = await signUpAdmin(app);
    const other = await signUpAdmin(app);
    const theirs = await testReview(other, 'Their Reviewer', 'google');
    const theirAction = await testReview(other, 'Their Action', 'ghl');
    expect((await del(admin.client, `/api/admin/google-review/${theirs}`)).status).toBe(404);
    expect((await del(admin.client, `/api/admin/review-action/${theirAction}`)).status).toBe(404);
    for (const id of ['abc', '0x1', '1.5', '99999999999']) {
      expect((await del(admin.client, `/api/admin/google-review/${id}`)).status).toBe(404);
      expect((await del(admin.client, `/api/admin/review-action/${id}`)).status).toBe(404);
    }
    expect((await other.client.get('/api/admin/google-reviews')).json).toHaveLength(2);
  });
});

describe('POST /api/admin/fix-orphaned-reviews', () => {
  it('repairs reviews whose request or team was deleted, and reports how many', async () => {
    const admin = await signUpAdmin(app);
    const [a, b] = [await addTeam(admin.workspaceId, 'Alpha'), await addTeam(admin.workspaceId, 'Beta')];
    const keep = await addRequest(admin.workspaceId, a, 'Robert', 'Nguyen');
    const doomedRequest = await addRequest(admin.workspaceId, a, 'Priya', 'Sharma');
    const onBeta = await addRequest(admin.workspaceId, b, 'Olu', 'Adeyemi');
    const kept = await testReview(admin, 'Robert Nguyen');
    const lostRequest = await testReview(admin, 'Priya Sharma');
    const lostTeam = await testReview(admin, 'Zed Nobody');
    expect((await admin.client.post('/api/admin/reassign-review', { reviewId: lostTeam, inviteId: onBeta })).status).toBe(200);
    expect(await board(admin)).toMatchObject({ Alpha: 2, Beta: 1, Unknown: 0 });

    const nothing = await admin.client.post('/api/admin/fix-orphaned-reviews');
    expect(nothing.status).toBe(200);
    expect(nothing.json).toEqual({ message: 'Fixed 0 orphaned review(s)', fixed: 0 });

    await app.database.db.delete(reviewRequests).where(eq(reviewRequests.id, doomedRequest));
    await app.database.db.delete(teams).where(eq(teams.id, b));
    // Deleted behind the app's back; the app's own deletions announce the change, which is what
    // drops the shared dashboard snapshot at once (docs/decisions/045).
    await announceDataChange(app.database, admin.workspaceId);
    expect(await board(admin)).toMatchObject({ Alpha: 2, Unknown: 1 });

    const fixed = await admin.client.post('/api/admin/fix-orphaned-reviews');
    expect(fixed.status).toBe(200);
    expect(fixed.json).toEqual({ message: 'Fixed 2 orphaned review(s)', fixed: 2 });
    for (const id of [lostRequest, lostTeam]) {
      expect(await adminReview(admin, id)).toMatchObject({ matchStatus: 'unmatched', requestId: null, teamId: null, matchConfidence: null });
    }
    expect(await adminReview(admin, kept)).toMatchObject({ matchStatus: 'auto_matched', requestId: keep, teamId: a });
    expect(await board(admin)).toMatchObject({ Alpha: 1, Unknown: 2 });
    expect((await admin.client.post('/api/admin/fix-orphaned-reviews')).json.fixed).toBe(0);

    // A repaired review is waiting again: it can be reassigned.
    const free = await addRequest(admin.workspaceId, a, 'Mia', 'Chen');
    expect((await admin.client.post('/api/admin/reassign-review', { reviewId: lostTeam, inviteId: free })).status).toBe(200);
  });

  it('leaves other workspaces alone', async () => {
    const admin = await signUpAdmin(app);
    const other = await signUpAdmin(app);
    const id = await testReview(other, 'Their Reviewer');
    await app.database.db.update(reviews).set({ matchStatus: 'manual' }).where(eq(reviews.id, id));
    expect((await admin.client.post('/api/admin/fix-orphaned-reviews')).json.fixed).toBe(0);
    expect((await adminReview(other, id)).matchStatus).toBe('manual');
  });
});

describe('live updates', () => {
  it('publishes a data update for every change', async () => {
    const admin = await signUpAdmin(app);
    const team = await addTeam(admin.workspaceId, 'Alpha');
    const request = await addRequest(admin.workspaceId, team, 'Priya', 'Sharma');
    const id = await testReview(admin, 'Zed Nobody');
    const stream = await openEventStream(`${app.url}/api/events`, { cookie: admin.cookie() });
    try {
      const updates = () => stream.events.filter((e) => e.event === 'data_update').length;
      await stream.waitFor(() => true).catch(() => undefined);
      const steps: [string, () => Promise<{ status: number }>][] = [
        ['edit', () => put(admin.client, `/api/google-reviews/${id}`, { reviewerName: 'Zed', rating: 2 })],
        ['reassign', () => admin.client.post('/api/admin/reassign-review', { reviewId: id, inviteId: request })],
        ['unmatch', () => admin.client.post('/api/admin/unmatch-review', { reviewId: id })],
        ['delete', () => del(admin.client, `/api/admin/google-review/${id}`)],
      ];
      for (const [name, step] of steps) {
        const before = updates();
        expect((await step()).status, name).toBe(200);
        await stream
          .waitFor(() => updates() > before)
          .catch(() => {
            throw new Error(`no data_update after ${name}`);
          });
      }
      const last = stream.events.filter((e) => e.event === 'data_update').at(-1)!;
      expect(last.data.data.teams.find((t: { name: string }) => t.name === 'Unknown').googleReviewsConfirmed).toBe(0);
    } finally {
      await stream.close();
    }
  });
});

describe('GET /api/admin/test-google-fetch', () => {
  it('says Google is not configured on a server without an OAuth client, in the spec shape', async () => {
    const admin = await signUpAdmin(app);
    const res = await admin.client.get('/api/admin/test-google-fetch');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: false, configured: false, message: 'Google sign-in is not configured on this server', error: null, reviewCount: 0 });
  });
});

import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates, reviewRequests, reviews } from '#platform/db/schema.ts';
import { LIVE_CHANNEL } from '#platform/live/publish.ts';
import { signUp, signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { noticeWithoutId } from '../helpers/notices.ts';
import { insertReview } from '../helpers/seed-requests.ts';

// Staff as people, admin side (issue 13): GET /api/admin/staff, PUT /api/admin/staff/{id},
// POST /api/admin/staff/{id}/merge, with requests logged through the log form's endpoint.

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ DEFAULT_PLAN: 'team' });
});
afterAll(() => app.close());

interface Person {
  id: number;
  firstName: string;
  email: string;
  active: boolean;
  requests: number;
  createdAt: string;
}

/** A workspace signed in as admin, with a team and a template to log requests with. */
async function workspace() {
  const signedIn = await signUpAdmin(app);
  const team = (await signedIn.client.post('/api/teams', { name: 'Front Desk' })).json as { id: number };
  const [template] = await app.database.db
    .insert(emailTemplates)
    .values({ workspaceId: signedIn.workspaceId, name: 'Thanks', subject: 'Thanks {firstName}', htmlContent: '<p>Hi {firstName}</p>' })
    .returning({ id: emailTemplates.id });
  const log = async (staffFirstName: string, staffEmail: string) => {
    const res = await signedIn.client.post('/api/review-requests', {
      staffFirstName,
      staffEmail,
      teamId: team.id,
      email: `customer.${Math.random().toString(36).slice(2)}@example.test`,
      firstName: 'Sarah',
      lastName: 'Kim',
      templateId: template!.id,
      customEmailSubject: '',
      customEmailContent: '',
    });
    expect(res.status).toBe(201);
    return res.json.request.id as number;
  };
  const people = async () => (await signedIn.client.get('/api/admin/staff')).json.staff as Person[];
  return { ...signedIn, log, people, teamId: team.id };
}

const put = (client: Client, path: string, body: unknown) => client.request('PUT', path, body);

async function matchedReview(workspaceId: number, requestId: number, teamId: number) {
  return insertReview(app, workspaceId, { requestId, teamId, matchStatus: 'auto_matched', matchConfidence: 90 });
}

/** Requests of the workspace and the reviews matched to them. */
async function totals(workspaceId: number) {
  const requestIds = (await app.database.db.select({ id: reviewRequests.id }).from(reviewRequests).where(eq(reviewRequests.workspaceId, workspaceId))).map(
    (r) => r.id,
  );
  const [matched] = await app.database.db
    .select({ n: count() })
    .from(reviews)
    .where(
      and(
        eq(reviews.workspaceId, workspaceId),
        inArray(reviews.requestId, requestIds.length ? requestIds : [0]),
        inArray(reviews.matchStatus, ['auto_matched', 'self_confirmed', 'manual']),
      ),
    );
  return { requests: requestIds.length, matchedReviews: matched!.n };
}

async function staffIdOf(requestId: number) {
  return (await app.database.db.select({ staffId: reviewRequests.staffId }).from(reviewRequests).where(eq(reviewRequests.id, requestId)))[0]!.staffId;
}

describe('who may call the staff endpoints', () => {
  it('answers 401 without a session and 403 "Admin access required" to staff', async () => {
    const anonymous = new Client(app.url, { origin: app.url });
    expect((await anonymous.get('/api/admin/staff')).status).toBe(401);
    expect((await put(anonymous, '/api/admin/staff/1', { firstName: 'X' })).status).toBe(401);
    expect((await anonymous.post('/api/admin/staff/1/merge', { intoId: 2 })).status).toBe(401);
    const { client } = await signUp(app);
    for (const res of [
      await client.get('/api/admin/staff'),
      await put(client, '/api/admin/staff/1', { firstName: 'X' }),
      await client.post('/api/admin/staff/1/merge', { intoId: 2 }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: 'Admin access required' });
    }
  });
});

describe('GET /api/admin/staff', () => {
  it('is empty before anyone logs a request, then lists each person once by first name with their requests', async () => {
    const ws = await workspace();
    expect(await ws.people()).toEqual([]);
    await ws.log('Zoe', 'zoe@x.example');
    await ws.log('Ann', 'Ann@x.example');
    await ws.log('Ann', 'ann@X.example ');
    expect(await ws.people()).toEqual([
      { id: expect.any(Number), firstName: 'Ann', email: 'ann@x.example', active: true, requests: 2, createdAt: expect.any(String) },
      { id: expect.any(Number), firstName: 'Zoe', email: 'zoe@x.example', active: true, requests: 1, createdAt: expect.any(String) },
    ]);
  });
});

describe('merging two entries of one person', () => {
  it('keeps every request and every matched review, and a later request with the merged email lands on the survivor', async () => {
    const ws = await workspace();
    const ann1 = await ws.log('Ann', 'Ann@x.example');
    const smith1 = await ws.log('Annie', 'ann.smith@x.example');
    const smith2 = await ws.log('Annie', 'ann.smith@x.example');
    await ws.log('Bob', 'bob@x.example');
    await matchedReview(ws.workspaceId, ann1, ws.teamId);
    await matchedReview(ws.workspaceId, smith2, ws.teamId);
    const before = await totals(ws.workspaceId);
    expect(before).toEqual({ requests: 4, matchedReviews: 2 });
    const [ann, annie] = [(await ws.people()).find((p) => p.email === 'ann@x.example')!, (await ws.people()).find((p) => p.email === 'ann.smith@x.example')!];

    const seen: string[] = [];
    const stop = await app.database.listen(LIVE_CHANNEL, (payload) => seen.push(noticeWithoutId(payload).event));
    const res = await ws.client.post(`/api/admin/staff/${annie.id}/merge`, { intoId: ann.id });
    await new Promise((r) => setTimeout(r, 150));
    await stop();
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ staff: { ...ann, requests: 3 } });
    expect(seen).toContain('data_update');

    expect(await totals(ws.workspaceId)).toEqual(before);
    expect([await staffIdOf(ann1), await staffIdOf(smith1), await staffIdOf(smith2)]).toEqual([ann.id, ann.id, ann.id]);
    expect((await ws.people()).map((p) => [p.firstName, p.requests])).toEqual([
      ['Ann', 3],
      ['Bob', 1],
    ]);

    const later = await ws.log('Annie', 'ANN.SMITH@x.example');
    expect(await staffIdOf(later)).toBe(ann.id);
    expect((await ws.people()).find((p) => p.id === ann.id)!.requests).toBe(4);
    // The merged entry is gone: changing or merging it again is a 404.
    expect((await put(ws.client, `/api/admin/staff/${annie.id}`, { firstName: 'X' })).status).toBe(404);
    expect((await ws.client.post(`/api/admin/staff/${annie.id}/merge`, { intoId: ann.id })).status).toBe(404);
  });

  it('refuses a merge into itself, into nobody, or into a person of another workspace, with 400', async () => {
    const ws = await workspace();
    const other = await workspace();
    await ws.log('Ann', 'ann@x.example');
    await other.log('Ann', 'ann@x.example');
    const [ann] = await ws.people();
    const [theirs] = await other.people();
    const merge = (intoId: unknown) => ws.client.post(`/api/admin/staff/${ann!.id}/merge`, { intoId });
    expect((await merge(ann!.id)).json).toEqual({ message: 'Choose someone else: a person cannot be merged into themselves', field: 'intoId' });
    expect((await merge(theirs!.id)).json).toEqual({ message: 'The person to merge into is not one of your staff', field: 'intoId' });
    for (const res of [
      await merge(theirs!.id),
      await merge(ann!.id),
      await merge(undefined),
      await merge('2'),
      await merge(0),
      await merge(1.5),
      await merge(1e12),
    ]) {
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
    expect((await merge(undefined)).json).toEqual({ message: 'Choose the person to merge into', field: 'intoId' });
    expect(await ws.people()).toMatchObject([{ id: ann!.id, requests: 1, active: true }]);
    expect(await other.people()).toMatchObject([{ id: theirs!.id, requests: 1, active: true }]);
  });
});

describe('PUT /api/admin/staff/{id}', () => {
  it('renames a person and deactivates a leaver, keeping their history', async () => {
    const ws = await workspace();
    const first = await ws.log('annie', 'ann@x.example');
    await matchedReview(ws.workspaceId, first, ws.teamId);
    const [person] = await ws.people();

    const renamed = await put(ws.client, `/api/admin/staff/${person!.id}`, { firstName: '  Ann ' });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ staff: { ...person, firstName: 'Ann' } });

    const left = await put(ws.client, `/api/admin/staff/${person!.id}`, { active: false });
    expect(left.json).toEqual({ staff: { ...person, firstName: 'Ann', active: false } });
    expect(await ws.people()).toEqual([{ ...person, firstName: 'Ann', active: false }]);
    expect(await staffIdOf(first)).toBe(person!.id);
    expect(await totals(ws.workspaceId)).toEqual({ requests: 1, matchedReviews: 1 });

    const back = await put(ws.client, `/api/admin/staff/${person!.id}`, { active: true });
    expect(back.json.staff.active).toBe(true);
  });

  it('answers 400 with a clear message for bad input and changes nothing', async () => {
    const ws = await workspace();
    await ws.log('Ann', 'ann@x.example');
    const [person] = await ws.people();
    const path = `/api/admin/staff/${person!.id}`;
    expect((await put(ws.client, path, {})).json).toEqual({ message: 'Send a firstName or active to change' });
    expect((await put(ws.client, path, { firstName: '   ' })).json).toEqual({ message: 'Staff first name is required', field: 'firstName' });
    expect((await put(ws.client, path, { firstName: 'x'.repeat(101) })).json).toEqual({ message: 'Names must be at most 100 characters', field: 'firstName' });
    expect((await put(ws.client, path, { active: 'no' })).json).toEqual({ message: 'active must be true or false', field: 'active' });
    expect((await put(ws.client, path, { firstName: 7 })).status).toBe(400);
    expect((await ws.client.request('PUT', path, undefined, { raw: '{oops' })).status).toBe(400);
    expect(await ws.people()).toEqual([person]);
  });
});

describe('workspace scoping', () => {
  it("answers 404 to another workspace's admin and leaves the person as they were", async () => {
    const ws = await workspace();
    const other = await workspace();
    await ws.log('Ann', 'ann@x.example');
    await ws.log('Bob', 'bob@x.example');
    await other.log('Eve', 'eve@x.example');
    const [ann, bob] = await ws.people();
    const [eve] = await other.people();
    for (const res of [
      await put(other.client, `/api/admin/staff/${ann!.id}`, { firstName: 'Mallory', active: false }),
      await other.client.post(`/api/admin/staff/${ann!.id}/merge`, { intoId: eve!.id }),
      await other.client.post(`/api/admin/staff/${ann!.id}/merge`, { intoId: bob!.id }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Staff member not found' });
    }
    for (const path of ['/api/admin/staff/abc', '/api/admin/staff/0', '/api/admin/staff/99999999999'])
      expect((await put(ws.client, path, { active: true })).status).toBe(404);
    expect(await ws.people()).toEqual([ann, bob]);
    expect((await other.people()).map((p) => p.firstName)).toEqual(['Eve']);
  });
});

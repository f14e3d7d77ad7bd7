import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, privateFeedback, reviews, settings } from '#platform/db/schema.ts';
import { LIVE_CHANNEL } from '#platform/live/publish.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { signUp, signUpAdmin } from '../helpers/accounts.ts';
import { Client } from '../helpers/client.ts';
import { insertRequest, insertRequestData, insertReview } from '../helpers/seed-requests.ts';
import { noticeWithoutId } from '../helpers/notices.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const put = (client: Client, path: string, body: unknown) => client.request('PUT', path, body);
const del = (client: Client, path: string) => client.request('DELETE', path);

/** Collects the live notices published while `action` runs. */
async function notices(action: () => Promise<unknown>): Promise<{ workspaceId: number; event: string }[]> {
  const seen: { workspaceId: number; event: string }[] = [];
  const stop = await app.database.listen(LIVE_CHANNEL, (payload) => seen.push(noticeWithoutId(payload)));
  try {
    await action();
    await new Promise((r) => setTimeout(r, 150));
  } finally {
    await stop();
  }
  return seen;
}

async function team(client: Client, name: string, color = '#3B82F6'): Promise<{ id: number; name: string; color: string }> {
  const res = await client.post('/api/teams', { name, color });
  expect(res.status).toBe(201);
  return { id: res.json.id, name: res.json.name, color: res.json.color };
}

async function setTimeZone(workspaceId: number, value: string) {
  await app.database.db
    .insert(settings)
    .values({ workspaceId, key: 'timezone', value })
    .onConflictDoUpdate({ target: [settings.workspaceId, settings.key], set: { value } });
}

const edit = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Sam',
  lastName: 'Lee',
  email: 'sam@example.com',
  staffFirstName: 'Cat',
  ...overrides,
});

describe('who may call the request endpoints', () => {
  it('answers 401 without a session', async () => {
    const anonymous = new Client(app.url, { origin: app.url });
    for (const [method, path] of [
      ['GET', '/api/requests-report'],
      ['GET', '/api/requests-report.csv'],
      ['GET', '/api/campaigns'],
      ['GET', '/api/admin/review-requests'],
      ['PUT', '/api/admin/review-request/1'],
      ['DELETE', '/api/admin/campaign/1'],
    ] as const) {
      const res = await anonymous.request(method, path, method === 'PUT' ? edit({ teamId: 1 }) : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ message: 'Authentication required' });
    }
  });

  it('lets staff read the report, the CSV and the campaigns, and answers 403 to the admin calls', async () => {
    const { client, workspaceId } = await signUp(app);
    const id = await insertRequest(app, workspaceId);
    expect((await client.get('/api/requests-report')).status).toBe(200);
    expect((await client.get('/api/requests-report.csv')).status).toBe(200);
    expect((await client.get('/api/campaigns')).status).toBe(200);
    for (const res of [
      await client.get('/api/admin/review-requests'),
      await put(client, `/api/admin/review-request/${id}`, edit({ teamId: 1 })),
      await del(client, `/api/admin/campaign/${id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: 'Admin access required' });
    }
    expect((await client.get('/api/campaigns')).json).toHaveLength(1);
  });
});

describe('GET /api/requests-report, /api/campaigns and /api/admin/review-requests', () => {
  it('answers [] for a workspace with no requests', async () => {
    const { client } = await signUpAdmin(app);
    for (const path of ['/api/requests-report', '/api/campaigns', '/api/admin/review-requests']) {
      const res = await client.get(path);
      expect(res.status).toBe(200);
      expect(res.json).toEqual([]);
    }
  });

  it('gives the spec shapes, newest first, with the match of the linked review', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    const audit = await team(client, 'Audit', '#10B981');
    const first = await insertRequest(app, workspaceId, {
      teamId: audit.id,
      firstName: 'Mia',
      lastName: 'Wong',
      email: 'mia@example.com',
      createdAt: '2026-03-01T10:00:00Z',
    });
    const second = await insertRequest(app, workspaceId, {
      teamId: null,
      firstName: 'Tom',
      lastName: 'Hart',
      email: 'tom@example.com',
      staffFirstName: 'Ben',
      createdAt: '2026-03-02T10:00:00Z',
    });
    const reviewId = await insertReview(app, workspaceId, {
      requestId: first,
      teamId: audit.id,
      matchStatus: 'auto_matched',
      matchConfidence: 92,
      reviewerName: 'Mia W.',
      rating: 4,
    });

    const report = await client.get('/api/requests-report');
    expect(report.status).toBe(200);
    expect(report.json).toEqual([
      {
        id: second,
        customerName: 'Tom Hart',
        staffFirstName: 'Ben',
        requestedAt: '2026-03-02T10:00:00.000Z',
        matchStatus: 'none',
        matchConfidence: null,
        team: null,
        channel: 'email',
        smsStatus: null,
      },
      {
        id: first,
        customerName: 'Mia Wong',
        staffFirstName: 'Ann',
        requestedAt: '2026-03-01T10:00:00.000Z',
        matchStatus: 'auto_matched',
        matchConfidence: 92,
        reviewerName: 'Mia W.',
        rating: 4,
        team: { id: audit.id, name: 'Audit', color: '#10B981' },
        channel: 'email',
        smsStatus: null,
      },
    ]);

    const expectedAdmin = [
      {
        campaignId: second,
        inviteId: second,
        firstName: 'Tom',
        lastName: 'Hart',
        customerName: 'Tom Hart',
        customerEmail: 'tom@example.com',
        staffFirstName: 'Ben',
        teamId: null,
        teamName: null,
        createdAt: '2026-03-02T10:00:00.000Z',
        matchStatus: 'none',
        matchConfidence: null,
        matchedReviewId: null,
        rating: null,
        reviewerName: null,
        channel: 'email',
        phone: null,
        smsStatus: null,
      },
      {
        campaignId: first,
        inviteId: first,
        firstName: 'Mia',
        lastName: 'Wong',
        customerName: 'Mia Wong',
        customerEmail: 'mia@example.com',
        staffFirstName: 'Ann',
        teamId: audit.id,
        teamName: 'Audit',
        createdAt: '2026-03-01T10:00:00.000Z',
        matchStatus: 'auto_matched',
        matchConfidence: 92,
        matchedReviewId: reviewId,
        rating: 4,
        reviewerName: 'Mia W.',
        channel: 'email',
        phone: null,
        smsStatus: null,
      },
    ];
    expect((await client.get('/api/admin/review-requests')).json).toEqual(expectedAdmin);
    expect((await client.get('/api/campaigns')).json).toEqual(expectedAdmin);
  });

  it('reads every status: auto_matched, self_confirmed, manual, needs_review, and none (no review, or an unmatched one)', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    const cases = [
      ['auto_matched', 88],
      ['self_confirmed', null],
      ['manual', null],
      ['needs_review', 61],
      ['unmatched', null],
    ] as const;
    const expected = new Map<number, [string, number | null]>();
    for (const [status, confidence] of cases) {
      const id = await insertRequest(app, workspaceId);
      await insertReview(app, workspaceId, { requestId: id, matchStatus: status, matchConfidence: confidence });
      expected.set(id, [status === 'unmatched' ? 'none' : status, status === 'unmatched' ? null : confidence]);
    }
    expected.set(await insertRequest(app, workspaceId), ['none', null]);
    const rows: { id: number; matchStatus: string; matchConfidence: number | null }[] = (await client.get('/api/requests-report')).json;
    expect(rows).toHaveLength(6);
    for (const row of rows) expect([row.matchStatus, row.matchConfidence]).toEqual(expected.get(row.id));
  });

  it("shows only the caller's workspace", async () => {
    const mine = await signUpAdmin(app);
    const theirs = await signUpAdmin(app);
    await insertRequest(app, theirs.workspaceId);
    const own = await insertRequest(app, mine.workspaceId);
    expect((await mine.client.get('/api/requests-report')).json.map((r: { id: number }) => r.id)).toEqual([own]);
    expect((await mine.client.get('/api/admin/review-requests')).json.map((r: { campaignId: number }) => r.campaignId)).toEqual([own]);
  });
});

describe('the report page', () => {
  it('groups by team name alphabetically ("No team" last) with counts, every badge, and dates in the workspace zone', async () => {
    const { client, workspace, workspaceId } = await signUpAdmin(app);
    const tax = await team(client, 'Tax Team', '#F59E0B');
    const audit = await team(client, 'audit', '#10B981');
    const ops = await team(client, 'Ops', '#8B5CF6');
    await setTimeZone(workspaceId, 'Australia/Sydney');
    const r1 = await insertRequest(app, workspaceId, { teamId: tax.id, firstName: 'Ada', lastName: 'One', createdAt: '2026-03-02T22:05:00Z' });
    const r2 = await insertRequest(app, workspaceId, { teamId: audit.id, firstName: 'Bea', lastName: 'Two' });
    const r3 = await insertRequest(app, workspaceId, { teamId: audit.id, firstName: 'Cal', lastName: 'Three' });
    const r4 = await insertRequest(app, workspaceId, { teamId: ops.id, firstName: 'Dee', lastName: 'Four' });
    await insertRequest(app, workspaceId, { teamId: null, firstName: 'Eve', lastName: 'Five' });
    await insertReview(app, workspaceId, {
      requestId: r1,
      teamId: tax.id,
      matchStatus: 'auto_matched',
      matchConfidence: 87,
      reviewerName: 'Ada O.',
      rating: 5,
    });
    await insertReview(app, workspaceId, { requestId: r2, teamId: audit.id, matchStatus: 'self_confirmed', reviewerName: 'Bea T.', rating: 4 });
    await insertReview(app, workspaceId, { requestId: r3, teamId: audit.id, matchStatus: 'manual', rating: 3, reviewerName: null });
    await insertReview(app, workspaceId, { requestId: r4, matchStatus: 'needs_review', matchConfidence: 55 });

    const page = await client.get(`/${workspace.slug}/requests-report`);
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html).toContain('Review Requests Report');
    expect(html).toContain(`href="/${workspace.slug}/review-request"`);
    expect(html).toContain(`href="/${workspace.slug}"`);
    expect(html).toContain('href="/api/requests-report.csv"');
    const headings = [...html.matchAll(/<h2 id="report-group-\d+"[^>]*>.*?<span class="truncate">(.*?)<\/span>/g)].map((m) => m[1]);
    expect(headings).toEqual(['audit', 'Ops', 'Tax Team', 'No team']);
    const counts = [...html.matchAll(/data-testid="group-count"[^>]*>(.*?)</g)].map((m) => m[1]);
    expect(counts).toEqual(['2 requests', '1 request', '1 request', '1 request']);
    for (const label of ['Matched (87%)', 'Matched', 'Needs Review', 'Pending']) expect(html).toContain(`>${label}</span>`);
    expect(html).toContain('Anonymous');
    expect(html).toContain('Mar 3, 2026 9:05 AM');
    expect(html).not.toContain('Loading requests...');
  });

  it('shows the empty state with a Log Request button', async () => {
    const { client, workspace } = await signUp(app);
    const html = (await client.get(`/${workspace.slug}/requests-report`)).text;
    expect(html).toContain('No review requests found');
    // The page header, the empty state, and the navigation bar.
    expect(html.match(new RegExp(`href="/${workspace.slug}/review-request"`, 'g'))).toHaveLength(3);
  });
});

describe('GET /api/requests-report.csv', () => {
  it('is an attachment with a header row, the rows, escaping, formula neutralising and the workspace zone', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    const audit = await team(client, 'Audit');
    await setTimeZone(workspaceId, 'America/New_York');
    const plain = await insertRequest(app, workspaceId, { teamId: audit.id, firstName: 'Kim, Sarah', lastName: '"SK"', createdAt: '2026-03-02T22:05:00Z' });
    await insertReview(app, workspaceId, { requestId: plain, matchStatus: 'auto_matched', matchConfidence: 90, reviewerName: 'Line\nBreak', rating: 5 });
    await insertRequest(app, workspaceId, { firstName: '=HYPERLINK("http://evil")', lastName: 'x', staffFirstName: '@Bob', createdAt: '2026-03-03T01:00:00Z' });
    await insertRequest(app, workspaceId, { firstName: '+61', lastName: '400', staffFirstName: '-Ann', createdAt: '2026-03-03T02:00:00Z' });

    const res = await client.get('/api/requests-report.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="review-requests.csv"');
    const raw = await (await fetch(`${app.url}/api/requests-report.csv`, { headers: { cookie: `rc_session=${client.cookie('rc_session')}` } })).arrayBuffer();
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(raw);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Team,Customer,Team Member,Requested,Status,Match Confidence (%),Reviewer,Rating',
      `No team,'+61 400,'-Ann,"Mar 2, 2026 9:00 PM",Pending,,,`,
      `No team,"'=HYPERLINK(""http://evil"") x",'@Bob,"Mar 2, 2026 8:00 PM",Pending,,,`,
      `Audit,"Kim, Sarah ""SK""",Ann,"Mar 2, 2026 5:05 PM",Matched,90,"Line\nBreak",5`,
      '',
    ]);
  });

  it('is only the header for no requests', async () => {
    const { client } = await signUp(app);
    const res = await client.get('/api/requests-report.csv');
    expect(res.text.replace(/^\uFEFF/, '')).toBe('Team,Customer,Team Member,Requested,Status,Match Confidence (%),Reviewer,Rating\r\n');
  });
});

describe('the per-person funnel (?by=person)', () => {
  /** Ann: 3 sent, 2 opened, 1 reviewed (a suggestion does not count); Bob: 1 sent, opened and reviewed. */
  async function twoPeople() {
    const signedIn = await signUpAdmin(app);
    const { workspaceId } = signedIn;
    const ann = (email: string, opened: boolean) =>
      insertRequest(app, workspaceId, { staffFirstName: 'Ann', staffEmail: email, clickedAt: opened ? new Date() : undefined });
    const a1 = await ann('ann@x.example', true);
    const a2 = await ann('ann@x.example', true);
    await ann('ann@x.example', false);
    const b1 = await insertRequest(app, workspaceId, { staffFirstName: '=Bob', staffEmail: 'bob@x.example', clickedAt: new Date() });
    await insertReview(app, workspaceId, { requestId: a1, matchStatus: 'manual' });
    await insertReview(app, workspaceId, { requestId: a2, matchStatus: 'needs_review', matchConfidence: 60 });
    await insertReview(app, workspaceId, { requestId: b1, matchStatus: 'auto_matched', matchConfidence: 95 });
    return signedIn;
  }

  it("answers { people } with each person's sent, opened and reviewed, leaving the rows list as it was", async () => {
    const { client } = await twoPeople();
    const res = await client.get('/api/requests-report?by=person');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      people: [
        { staffId: expect.any(Number), firstName: '=Bob', sent: 1, opened: 1, reviewed: 1, deskCardOpens: 0 },
        { staffId: expect.any(Number), firstName: 'Ann', sent: 3, opened: 2, reviewed: 1, deskCardOpens: 0 },
      ],
    });
    expect((await client.get('/api/requests-report')).json).toHaveLength(4);
    const { client: staff } = await signUp(app);
    expect((await staff.get('/api/requests-report?by=person')).json).toEqual({ people: [] });
  });

  it('gives the funnel as a CSV of its own, and the requests CSV keeps its columns', async () => {
    const { client } = await twoPeople();
    const res = await client.get('/api/requests-report.csv?by=person');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="review-requests-by-person.csv"');
    expect(res.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual(['Person,Sent,Opened,Reviewed,Conversion (%)', "'=Bob,1,1,1,100", 'Ann,3,2,1,33', '']);
    expect((await client.get('/api/requests-report.csv')).text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Team,Customer,Team Member,Requested,Status,Match Confidence (%),Reviewer,Rating',
    );
  });

  it("refuses any other ?by with 400, and shows only the caller's workspace", async () => {
    const { client } = await twoPeople();
    for (const path of ['/api/requests-report?by=team', '/api/requests-report.csv?by=', '/api/requests-report?by=PERSON']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(400);
      expect(res.json).toEqual({ message: 'by must be "person", or left out for the requests', field: 'by' });
    }
    const other = await signUpAdmin(app);
    expect((await other.client.get('/api/requests-report?by=person')).json).toEqual({ people: [] });
    expect((await other.client.get('/api/requests-report.csv?by=person')).text.replace(/^\uFEFF/, '')).toBe('Person,Sent,Opened,Reviewed,Conversion (%)\r\n');
  });

  it('shows the "By person" table on the report page', async () => {
    const { client, workspace } = await twoPeople();
    const html = (await client.get(`/${workspace.slug}/requests-report`)).text;
    expect(html).toContain('By person');
    expect(html).toContain('href="/api/requests-report.csv?by=person"');
    const rows = [...html.matchAll(/data-testid="by-person-row"[^>]*>(.*?)<\/tr>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|'));
    expect(rows).toEqual(['|=Bob|1|1|1|100%|', '|Ann|3|2|1|33%|']);
  });
});

describe('PUT /api/admin/review-request/{campaignId}', () => {
  it('edits the request, answers the admin item, and announces it', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    const audit = await team(client, 'Audit');
    const ops = await team(client, 'Ops');
    const id = await insertRequest(app, workspaceId, { teamId: audit.id, createdAt: '2026-03-01T00:00:00Z' });
    const reviewId = await insertReview(app, workspaceId, { requestId: id, teamId: audit.id, matchStatus: 'manual', rating: 5 });
    let res: Awaited<ReturnType<typeof put>> | undefined;
    const seen = await notices(async () => {
      res = await put(client, `/api/admin/review-request/${id}`, { inviteId: id, ...edit({ firstName: '  Sam ', teamId: String(ops.id) }) });
    });
    expect(res!.status).toBe(200);
    expect(res!.json).toEqual({
      campaignId: id,
      inviteId: id,
      firstName: 'Sam',
      lastName: 'Lee',
      customerName: 'Sam Lee',
      customerEmail: 'sam@example.com',
      staffFirstName: 'Cat',
      teamId: ops.id,
      teamName: 'Ops',
      createdAt: '2026-03-01T00:00:00.000Z',
      matchStatus: 'manual',
      matchConfidence: null,
      matchedReviewId: reviewId,
      rating: 5,
      reviewerName: 'Sarah K.',
      channel: 'email',
      phone: null,
      smsStatus: null,
    });
    expect(seen).toContainEqual({ workspaceId, event: 'data_update' });
    // The matched review counts for the request's new team.
    const counts = Object.fromEntries((await client.get('/api/teams')).json.map((t: { name: string; reviews: number }) => [t.name, t.reviews]));
    expect(counts).toMatchObject({ Audit: 0, Ops: 1 });
  });

  it("answers each field's message for bad input", async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    const audit = await team(client, 'Audit');
    const id = await insertRequest(app, workspaceId, { teamId: audit.id });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '  ' }, 'Customer first name is required', 'firstName'],
      [{ firstName: undefined }, 'Customer first name is required', 'firstName'],
      [{ lastName: '' }, 'Customer last name is required', 'lastName'],
      [{ email: '' }, 'Customer email is required', 'email'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
      [{ staffFirstName: 42 }, 'Staff first name is required', 'staffFirstName'],
      [{ teamId: undefined }, 'Team selection is required', 'teamId'],
      [{ teamId: '' }, 'Team selection is required', 'teamId'],
      [{ teamId: 'abc' }, 'Team selection is required', 'teamId'],
      [{ teamId: 1.5 }, 'Team selection is required', 'teamId'],
      [{ firstName: 'x'.repeat(101) }, 'Customer first name must be at most 100 characters', 'firstName'],
      [{ inviteId: id + 1 }, 'inviteId must be the id of the request being edited', 'inviteId'],
    ];
    for (const [overrides, message, field] of cases) {
      const res = await put(client, `/api/admin/review-request/${id}`, edit({ teamId: audit.id, ...overrides }));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.json).toEqual({ message, field });
    }
  });

  it('refuses a team of another workspace and a request of another workspace', async () => {
    const mine = await signUpAdmin(app);
    const theirs = await signUpAdmin(app);
    const myTeam = await team(mine.client, 'Audit');
    const theirTeam = await team(theirs.client, 'Audit');
    const myRequest = await insertRequest(app, mine.workspaceId, { teamId: myTeam.id });
    const theirRequest = await insertRequest(app, theirs.workspaceId, { teamId: theirTeam.id });

    const foreignTeam = await put(mine.client, `/api/admin/review-request/${myRequest}`, edit({ teamId: theirTeam.id }));
    expect(foreignTeam.status).toBe(400);
    expect(foreignTeam.json).toEqual({ message: 'Team not found', field: 'teamId' });

    const foreignRequest = await put(mine.client, `/api/admin/review-request/${theirRequest}`, edit({ teamId: myTeam.id }));
    expect(foreignRequest.status).toBe(404);
    expect(foreignRequest.json).toEqual({ message: 'Review request not found' });
    expect((await theirs.client.get('/api/admin/review-requests')).json[0]).toMatchObject({ firstName: 'Sarah', teamId: theirTeam.id });
  });

  it.each(['abc', '1.5', '-1', '0', '99999999999', '1e3', '%20'])('answers 404 for the id %j', async (id) => {
    const { client } = await signUpAdmin(app);
    expect((await put(client, `/api/admin/review-request/${id}`, edit({ teamId: 1 }))).status).toBe(404);
    expect((await del(client, `/api/admin/campaign/${id}`)).status).toBe(404);
  });
});

describe('DELETE /api/admin/campaign/{campaignId}', () => {
  it('deletes the request and its data, unmatches its review, and announces it', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    const audit = await team(client, 'Audit');
    const id = await insertRequest(app, workspaceId, { teamId: audit.id });
    const other = await insertRequest(app, workspaceId, { teamId: audit.id });
    await insertRequestData(app, workspaceId, id);
    await insertRequestData(app, workspaceId, other);
    const reviewId = await insertReview(app, workspaceId, { requestId: id, teamId: audit.id, matchStatus: 'auto_matched', matchConfidence: 93 });

    let res: Awaited<ReturnType<typeof del>> | undefined;
    const seen = await notices(async () => {
      res = await del(client, `/api/admin/campaign/${id}`);
    });
    expect(res!.status).toBe(200);
    expect(res!.json).toEqual({ message: 'Review request deleted', unmatchedReviews: 1 });
    expect(seen).toContainEqual({ workspaceId, event: 'data_update' });

    expect((await client.get('/api/admin/review-requests')).json.map((r: { campaignId: number }) => r.campaignId)).toEqual([other]);
    const [review] = await app.database.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review).toMatchObject({ requestId: null, matchStatus: 'unmatched', matchConfidence: null, teamId: null });
    expect((await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.workspaceId, workspaceId))).map((r) => r.requestId)).toEqual([other]);
    expect((await app.database.db.select().from(privateFeedback).where(eq(privateFeedback.workspaceId, workspaceId))).map((r) => r.requestId)).toEqual([other]);
    // The review now counts for Unknown.
    const counts = Object.fromEntries((await client.get('/api/teams')).json.map((t: { name: string; reviews: number }) => [t.name, t.reviews]));
    expect(counts).toMatchObject({ Audit: 0, Unknown: 1 });

    const again = await del(client, `/api/admin/campaign/${id}`);
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ message: 'Review request not found' });
  });

  it("answers 404 for another workspace's request and leaves it", async () => {
    const mine = await signUpAdmin(app);
    const theirs = await signUpAdmin(app);
    const theirRequest = await insertRequest(app, theirs.workspaceId);
    expect((await del(mine.client, `/api/admin/campaign/${theirRequest}`)).status).toBe(404);
    expect((await theirs.client.get('/api/campaigns')).json).toHaveLength(1);
  });
});

describe('bad input never gets a 500', () => {
  const bodies: [string, string][] = [
    ['malformed JSON', '{"firstName": '],
    ['a JSON array', '[1,2,3]'],
    ['null', 'null'],
    ['wrong types', JSON.stringify({ firstName: ['x'], lastName: {}, email: 5, staffFirstName: null, teamId: { id: 1 }, inviteId: [] })],
    ['a huge team id', JSON.stringify(edit({ teamId: 99999999999999 }))],
    ['a 3 MB body', JSON.stringify(edit({ teamId: 1, firstName: 'x'.repeat(3 * 1024 * 1024) }))],
  ];
  it.each(bodies)('PUT answers 4xx to %s', async (_, raw) => {
    const { client, workspaceId } = await signUpAdmin(app);
    const id = await insertRequest(app, workspaceId);
    const res = await client.request('PUT', `/api/admin/review-request/${id}`, undefined, { raw });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.json?.message).toBe('string');
  });
});

describe('lists that grow are paged', () => {
  it('answers ?limit= and ?offset= newest first, points to the next page, and refuses a bad page', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertRequest(app, workspaceId, { firstName: `Customer${i}` }));
    const newestFirst = [...ids].reverse();
    for (const path of ['/api/requests-report', '/api/admin/review-requests', '/api/unmatched-invites']) {
      const all = await client.get(path);
      expect(all.json, path).toHaveLength(5);
      expect(all.headers.get('link'), path).toBeNull();
      const first = await client.get(`${path}?limit=2`);
      const idOf = (row: Record<string, number>) => row.id ?? row.campaignId;
      expect(first.json.map(idOf), path).toEqual(newestFirst.slice(0, 2));
      expect(first.headers.get('link'), path).toBe(`<${path}?limit=2&offset=2>; rel="next"`);
      const last = await client.get(`${path}?limit=2&offset=4`);
      expect(last.json.map(idOf), path).toEqual(newestFirst.slice(4));
      expect(last.headers.get('link'), path).toBeNull();
      const bad = await client.get(`${path}?limit=5000`);
      expect(bad.status, path).toBe(400);
      expect(bad.json.field).toBe('limit');
    }
    for (let i = 0; i < 3; i++) await client.post('/api/test-review', { reviewerName: `Reviewer ${i}`, rating: 5, reviewText: 'x', source: 'ghl' });
    const reviewsPage = await client.get('/api/admin/google-reviews?limit=2');
    expect(reviewsPage.json).toHaveLength(2);
    expect(reviewsPage.headers.get('link')).toBe('</api/admin/google-reviews?limit=2&offset=2>; rel="next"');
    expect((await client.get('/api/admin/google-reviews?limit=2&offset=2')).json).toHaveLength(1);
  });
});

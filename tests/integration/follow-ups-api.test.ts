// Issue 13 point 6: the "Follow up" list of a person's requests whose link was not opened after N
// days, and the one reminder email per request, sent only when that person asks.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, reviewRequests, reviews, staff, unsubscribes } from '#platform/db/schema.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { setPlan } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { officeWithTeamAndTemplate } from '../helpers/office.ts';
import { insertReview } from '../helpers/seed-requests.ts';

let sink: SmtpSink;
let app: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp({ SMTP_URL: sink.url, MAIL_FROM: 'reviews@example.test', DEFAULT_PLAN: 'team' });
});
afterAll(async () => {
  await app?.close();
  await sink?.stop();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const TOM = 'tom@harbourside.example';

/** A paid workspace with a team and a template with a phone script, signed in as admin. */
const workspace = (businessName = 'Harbourside Dental') =>
  officeWithTeamAndTemplate(app, { businessName, template: { phoneScript: 'Hi {firstName} {lastName}, it is {staffFirstName} from {companyName}.' } });

type Workspace = Awaited<ReturnType<typeof workspace>>;

/** Logs a request through the API, then moves its email `daysAgo` days into the past. */
async function logged(ws: Workspace, daysAgo: number, overrides: Record<string, unknown> = {}) {
  const res = await ws.client.post('/api/review-requests', {
    staffFirstName: 'Tom',
    staffEmail: TOM,
    teamId: ws.teamId,
    email: `customer.${Math.random().toString(36).slice(2)}@example.test`,
    firstName: 'Sarah',
    lastName: 'Kim',
    templateId: ws.templateId,
    ...overrides,
  });
  expect(res.status).toBe(201);
  const id = res.json.request.id as number;
  const at = new Date(Date.now() - daysAgo * DAY_MS);
  await app.database.db.update(reviewRequests).set({ createdAt: at, sentAt: at }).where(eq(reviewRequests.id, id));
  return { id, email: res.json.request.customerEmail as string };
}

const listOf = async (client: Client, query = `?staffEmail=${encodeURIComponent(TOM)}`) => client.get(`/api/follow-ups${query}`);
const remind = (client: Client, id: number, staffEmail = TOM) => client.post(`/api/follow-ups/${id}/reminder?staffEmail=${encodeURIComponent(staffEmail)}`);

describe('GET /api/follow-ups', () => {
  it("lists the person's requests not opened after 3 days, oldest first, with the phone script", async () => {
    const ws = await workspace();
    const older = await logged(ws, 6, { firstName: 'Ann', lastName: 'Lee' });
    const due = await logged(ws, 3);
    await logged(ws, 1);
    const opened = await logged(ws, 5);
    await app.database.db.update(reviewRequests).set({ clickedAt: new Date() }).where(eq(reviewRequests.id, opened.id));
    const matched = await logged(ws, 5);
    await app.database.db.insert(reviews).values({
      workspaceId: ws.workspaceId,
      kind: 'google',
      source: 'test',
      externalId: `m-${matched.id}`,
      rating: 5,
      createTime: new Date(),
      requestId: matched.id,
      matchStatus: 'auto_matched',
    });
    const gone = await logged(ws, 5);
    await app.database.db.insert(unsubscribes).values({ workspaceId: ws.workspaceId, email: gone.email });
    // Asked by text alone: no email address to remind (the text has its own delivery record).
    const texted = await logged(ws, 4);
    await app.database.db
      .update(reviewRequests)
      .set({ customerEmail: '', channel: 'sms', customerPhone: '+61412345678' })
      .where(eq(reviewRequests.id, texted.id));

    const res = await listOf(ws.client);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      staffEmail: TOM,
      staffId: expect.any(Number),
      afterDays: 3,
      followUps: [
        {
          id: older.id,
          customerName: 'Ann Lee',
          customerEmail: older.email,
          teamName: 'Front Desk',
          sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          daysWaiting: expect.any(Number),
          phoneScript: 'Hi Ann Lee, it is Tom from Harbourside Dental.',
          reminderSentAt: null,
        },
        expect.objectContaining({ id: due.id, customerName: 'Sarah Kim', reminderSentAt: null }),
      ],
      suggestions: [],
    });
    // Calendar days in the workspace's zone: 6 x 24 hours ago is 6 days, or 7 just after midnight.
    expect(res.json.followUps[0].daysWaiting).toBeGreaterThanOrEqual(6);

    // The setting moves the line.
    expect((await ws.client.request('PUT', '/api/settings/follow_up_after_days', { value: '5' })).status).toBe(200);
    const later = await listOf(ws.client);
    expect(later.json.afterDays).toBe(5);
    expect(later.json.followUps.map((f: { id: number }) => f.id)).toEqual([older.id]);
  });

  it('is scoped to the person (any spelling of their email, merged entries too) and the workspace', async () => {
    const ws = await workspace();
    const mine = await logged(ws, 4);
    const jane = await logged(ws, 4, { staffFirstName: 'Jane', staffEmail: 'jane@harbourside.example' });
    const other = await workspace('Other Dental');
    await logged(other, 4);

    expect((await listOf(ws.client, `?staffEmail=${encodeURIComponent(' TOM@Harbourside.example ')}`)).json.followUps.map((f: { id: number }) => f.id)).toEqual(
      [mine.id],
    );
    expect((await listOf(ws.client, '?staffEmail=jane%40harbourside.example')).json.followUps.map((f: { id: number }) => f.id)).toEqual([jane.id]);
    expect((await listOf(ws.client, '?staffEmail=nobody%40example.test')).json).toEqual({
      staffEmail: 'nobody@example.test',
      staffId: null,
      afterDays: 3,
      followUps: [],
      suggestions: [],
    });

    // Jane's entry merged into Tom's: her requests are his to follow up, whichever email he uses.
    const entries = await app.database.db.select({ id: staff.id, email: staff.email }).from(staff).where(eq(staff.workspaceId, ws.workspaceId));
    const tomId = entries.find((e) => e.email === TOM)!.id;
    const janeId = entries.find((e) => e.email === 'jane@harbourside.example')!.id;
    await app.database.db.update(staff).set({ mergedIntoId: tomId }).where(eq(staff.id, janeId));
    for (const email of [TOM, 'jane@harbourside.example']) {
      const ids = (await listOf(ws.client, `?staffEmail=${encodeURIComponent(email)}`)).json.followUps.map((f: { id: number }) => f.id);
      expect(ids.sort()).toEqual([mine.id, jane.id].sort());
    }
  });

  it('reads the staff email the log form remembers, and answers 400 without one', async () => {
    const ws = await workspace();
    const mine = await logged(ws, 4);
    const withCookie = await fetch(`${app.url}/api/follow-ups`, { headers: { cookie: `${ws.cookie()}; staffEmail=${encodeURIComponent(TOM)}` } });
    expect(withCookie.status).toBe(200);
    expect(((await withCookie.json()) as { followUps: { id: number }[] }).followUps.map((f) => f.id)).toEqual([mine.id]);

    const none = await ws.client.get('/api/follow-ups');
    expect(none.status).toBe(400);
    expect(none.json).toEqual({ message: 'Staff email is required: log a request first, or give ?staffEmail=', field: 'staffEmail' });
    const bad = await listOf(ws.client, '?staffEmail=not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'Please enter a valid email address', field: 'staffEmail' });
    expect((await new Client(app.url, { origin: app.url }).get('/api/follow-ups?staffEmail=tom%40harbourside.example')).status).toBe(401);
  });
});

describe('POST /api/follow-ups/{id}/reminder', () => {
  it('sends exactly one reminder with the same review link, even when asked twice at once, then answers 409', async () => {
    const ws = await workspace();
    const due = await logged(ws, 4);
    const [{ token }] = (await app.database.db.select({ token: reviewRequests.token }).from(reviewRequests).where(eq(reviewRequests.id, due.id))) as [
      { token: string },
    ];

    const [first, second] = await Promise.all([remind(ws.client, due.id), remind(ws.client, due.id)]);
    const ok = [first, second].filter((r) => r.status === 200);
    const refused = [first, second].filter((r) => r.status === 409);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.json).toEqual({ message: 'A reminder was already sent for this request' });
    expect(ok[0]!.json).toEqual({
      message: 'Reminder sent',
      emailStatus: 'sent',
      followUp: expect.objectContaining({ id: due.id, reminderSentAt: expect.stringMatching(/^\d{4}-/) }),
    });

    const message = await sink.waitForMessage((m) => m.envelope.to[0] === due.email && m.mail.subject === 'A reminder from Harbourside Dental');
    expect(message.mail.text).toContain(`${app.url}/r/${token}`);
    expect(message.mail.replyTo?.value[0]?.address).toBe(TOM);
    expect(message.mail.headerLines.find((l) => l.key === 'list-unsubscribe')?.line).toContain(`/r/${token}/unsubscribe`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.filter((m) => m.envelope.to[0] === due.email && m.mail.subject === 'A reminder from Harbourside Dental')).toHaveLength(1);
    const outbox = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.requestId, due.id));
    expect(outbox.map((o) => o.subject).sort()).toEqual(['A reminder from Harbourside Dental', 'How did we do, Sarah?']);

    const again = await remind(ws.client, due.id);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: 'A reminder was already sent for this request' });
    // Still in the list, marked as reminded.
    const list = await listOf(ws.client);
    expect(list.json.followUps).toEqual([expect.objectContaining({ id: due.id, reminderSentAt: ok[0]!.json.followUp.reminderSentAt })]);
  });

  it("answers 404 for another person's or another workspace's request, 409 for one not due, and sends nothing", async () => {
    const ws = await workspace();
    const janes = await logged(ws, 4, { staffFirstName: 'Jane', staffEmail: 'jane@harbourside.example' });
    const fresh = await logged(ws, 1);
    const other = await workspace('Other Dental');
    const theirs = await logged(other, 4);

    for (const [id, status, message] of [
      [janes.id, 404, 'Request not found'],
      [theirs.id, 404, 'Request not found'],
      [999_999_999, 404, 'Request not found'],
      [fresh.id, 409, 'This request does not need a follow-up'],
    ] as const) {
      const res = await remind(ws.client, id);
      expect(res.status, String(id)).toBe(status);
      expect(res.json).toEqual({ message });
    }
    expect((await ws.client.post('/api/follow-ups/abc/reminder?staffEmail=tom%40harbourside.example')).status).toBe(404);
    expect((await ws.client.post(`/api/follow-ups/${fresh.id}/reminder`)).status).toBe(400);
    const reminded = await app.database.db
      .select({ id: reviewRequests.id })
      .from(reviewRequests)
      .where(and(inArray(reviewRequests.id, [janes.id, fresh.id, theirs.id]), isNotNull(reviewRequests.reminderSentAt)));
    expect(reminded).toEqual([]);
  });

  it('sends nothing to a customer who unsubscribed', async () => {
    const ws = await workspace();
    const due = await logged(ws, 4);
    await app.database.db.insert(unsubscribes).values({ workspaceId: ws.workspaceId, email: due.email });
    const res = await remind(ws.client, due.id);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: 'This request does not need a follow-up' });
  });

  it('sends no reminder on the free plan, which sends no review requests', async () => {
    const ws = await workspace();
    const due = await logged(ws, 4);
    await setPlan(app, ws.workspaceId, 'free');
    const res = await remind(ws.client, due.id);
    expect(res.status).toBe(403);
    expect(res.headers.get('x-plan-limit')).toBe('logging');
    const [row] = await app.database.db.select({ reminderSentAt: reviewRequests.reminderSentAt }).from(reviewRequests).where(eq(reviewRequests.id, due.id));
    expect(row!.reminderSentAt).toBeNull();
  });

  it('is open to staff sessions, not to anyone without one', async () => {
    const ws = await workspace();
    const due = await logged(ws, 4);
    const staffClient = new Client(app.url, { origin: app.url });
    expect((await staffClient.post('/api/auth/login', { slug: ws.workspace.slug, password: ws.workspace.password })).status).toBe(200);
    expect((await new Client(app.url, { origin: app.url }).post(`/api/follow-ups/${due.id}/reminder?staffEmail=${TOM}`)).status).toBe(401);
    expect((await remind(staffClient, due.id)).status).toBe(200);
  });
});

// Issue 32, point 3: a review the matcher was not sure enough to count is one tap for the person it
// credits: their Follow up list asks "Is this your customer?" with the review and the request.
describe('"Is this your customer?"', () => {
  it('shows a suggested review to the person whose request it points to, and to nobody else', async () => {
    const ws = await workspace();
    const tom = await logged(ws, 0, { firstName: 'Katherine', lastName: 'Oduya' });
    const ann = await logged(ws, 0, { firstName: 'Bea', lastName: 'Lund', staffFirstName: 'Ann', staffEmail: 'ann@harbourside.example' });
    const reviewId = await insertReview(app, ws.workspaceId, {
      reviewerName: 'Kate O.',
      rating: 4,
      requestId: tom.id,
      matchStatus: 'needs_review',
      matchConfidence: 62,
    });
    await insertReview(app, ws.workspaceId, { reviewerName: 'B L', requestId: ann.id, matchStatus: 'needs_review', matchConfidence: 55 });

    const mine = (await listOf(ws.client)).json.suggestions;
    expect(mine).toEqual([
      {
        review: { id: reviewId, kind: 'google', reviewerName: 'Kate O.', rating: 4, reviewText: 'Great service', createTime: expect.any(String) },
        request: { id: tom.id, customerName: 'Katherine Oduya', customerEmail: tom.email, createdAt: expect.any(String) },
      },
    ]);
    const hers = (await listOf(ws.client, `?staffEmail=${encodeURIComponent('ann@harbourside.example')}`)).json.suggestions;
    expect(hers.map((s: { request: { id: number } }) => s.request.id)).toEqual([ann.id]);

    // Yes: the reviews page's own assignment, which counts it for Tom's team.
    expect((await ws.client.post(`/api/google-reviews/${reviewId}/assign-to-invite`, { inviteId: tom.id })).status).toBe(200);
    expect((await listOf(ws.client)).json.suggestions).toEqual([]);
    const [counted] = await app.database.db.select({ status: reviews.matchStatus }).from(reviews).where(eq(reviews.id, reviewId));
    expect(counted?.status).toBe('self_confirmed');
  });

  it("lets the person say no, which leaves the review unmatched for the admin; someone else's no changes nothing", async () => {
    const ws = await workspace();
    const tom = await logged(ws, 0, { firstName: 'Oliver', lastName: 'Brandt' });
    const reviewId = await insertReview(app, ws.workspaceId, { reviewerName: 'Olly B', requestId: tom.id, matchStatus: 'needs_review', matchConfidence: 58 });
    const decline = (staffEmail: string) => ws.client.post(`/api/follow-ups/suggestions/${reviewId}/decline?staffEmail=${encodeURIComponent(staffEmail)}`);

    expect(await decline('ann@harbourside.example')).toMatchObject({ status: 404, json: { message: 'This review is not waiting for your answer' } });
    expect((await listOf(ws.client)).json.suggestions).toHaveLength(1);
    expect(await decline(TOM)).toMatchObject({ status: 200, json: { message: 'Left for the admin to match' } });
    expect((await listOf(ws.client)).json.suggestions).toEqual([]);
    const [row] = await app.database.db.select({ status: reviews.matchStatus, requestId: reviews.requestId }).from(reviews).where(eq(reviews.id, reviewId));
    expect(row).toEqual({ status: 'unmatched', requestId: null });
    expect((await ws.client.get('/api/unmatched-reviews')).json.map((r: { id: number }) => r.id)).toContain(reviewId);
    expect(await decline(TOM)).toMatchObject({ status: 404 });
    expect((await ws.client.post('/api/follow-ups/suggestions/abc/decline?staffEmail=tom%40harbourside.example')).status).toBe(404);
  });
});

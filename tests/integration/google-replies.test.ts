import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '#platform/db/schema.ts';
import { AlertReceiver } from '../fakes/alert-receiver.ts';
import { startFakeGoogle, type FakeGoogle } from '../fakes/google-server.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { connectGoogle, googleEnv } from '../helpers/google.ts';
import { logRequestFor, officeWithTeamAndTemplate } from '../helpers/office.ts';
import { until } from '../helpers/until.ts';

// Issue 30, part 2: owners answer Google reviews from the product. A reply is posted to Google first
// and kept only as Google answers it; Google's refusals are said in plain words, nothing marked replied.

let app: TestApp;
let google: FakeGoogle;

beforeAll(async () => {
  google = await startFakeGoogle();
  app = await startApp({ ...googleEnv(google), DEFAULT_PLAN: 'team', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', GOOGLE_SYNC_SCHEDULE: '0 3 * * *' });
});
afterAll(async () => {
  await app?.close();
  await google?.close();
});

/** A workspace connected to its own location of the fake Google, with these reviews imported. */
async function connectedWith(added: Parameters<FakeGoogle['addReview']>[0][], signedIn?: Awaited<ReturnType<typeof signUpAdmin>>) {
  const admin = signedIn ?? (await signUpAdmin(app));
  const account = google.addAccount();
  const location = google.addLocation(account.name);
  expect((await connectGoogle(admin.client)).searchParams.get('gmb_connected')).toBe('true');
  await admin.client.request('PUT', '/api/settings/gmb_account_id', { value: account.name.split('/')[1] });
  await admin.client.request('PUT', '/api/settings/gmb_location_id', { value: location.name.split('/')[1] });
  const onGoogle = added.map((review) => google.addReview(review, location.name));
  expect((await admin.client.post('/api/gmb/poll-reviews')).json).toMatchObject({ success: true, added: added.length });
  const stored = await app.database.db
    .select({ id: reviews.id, externalId: reviews.externalId })
    .from(reviews)
    .where(eq(reviews.workspaceId, admin.workspaceId));
  const idOf = (reviewId: string) => stored.find((r) => r.externalId === reviewId)!.id;
  return { ...admin, onGoogle, ids: onGoogle.map((r) => idOf(r.reviewId)) };
}

const storedReply = async (id: number) =>
  (await app.database.db.select({ ownerReply: reviews.ownerReply, ownerReplyTime: reviews.ownerReplyTime }).from(reviews).where(eq(reviews.id, id)))[0];

describe('replying to a Google review', () => {
  it('posts, edits and deletes the reply on Google, and shows it at once', async () => {
    const ws = await connectedWith([{ displayName: 'Sarah K.', starRating: 'FOUR', comment: 'Lovely visit' }]);
    const [id] = ws.ids;
    const posted = await ws.client.request('PUT', `/api/google-reviews/${id}/reply`, { comment: 'Thank you Sarah!' });
    expect(posted.status).toBe(200);
    expect(posted.json).toEqual({ reply: { comment: 'Thank you Sarah!', updateTime: expect.any(String) } });
    expect(google.findReview(ws.onGoogle[0]!.reviewId)?.reviewReply?.comment).toBe('Thank you Sarah!');
    expect(Date.parse(posted.json.reply.updateTime)).toBe(Date.parse(google.findReview(ws.onGoogle[0]!.reviewId)!.reviewReply!.updateTime));
    const listed = (await ws.client.get('/api/gmb/reviews')).json as { id: number; ownerReply: string | null }[];
    expect(listed.find((r) => r.id === id)?.ownerReply).toBe('Thank you Sarah!');

    const edited = await ws.client.request('PUT', `/api/google-reviews/${id}/reply`, { comment: 'Thank you Sarah! See you soon 😊' });
    expect(edited.json.reply.comment).toBe('Thank you Sarah! See you soon 😊');
    expect(google.findReview(ws.onGoogle[0]!.reviewId)?.reviewReply?.comment).toBe('Thank you Sarah! See you soon 😊');

    // A later sync finds Google's reply unchanged and keeps it.
    expect((await ws.client.post('/api/gmb/poll-reviews')).json).toMatchObject({ success: true, updated: 0 });
    expect((await storedReply(id!))?.ownerReply).toBe('Thank you Sarah! See you soon 😊');

    const deleted = await ws.client.request('DELETE', `/api/google-reviews/${id}/reply`);
    expect(deleted).toMatchObject({ status: 200, json: { message: 'Reply deleted' } });
    expect(google.findReview(ws.onGoogle[0]!.reviewId)?.reviewReply).toBeUndefined();
    expect(await storedReply(id!)).toEqual({ ownerReply: null, ownerReplyTime: null });
  });

  it('takes in a reply written on Google at the next sync', async () => {
    const ws = await connectedWith([{ displayName: 'Omar', starRating: 'FIVE' }]);
    google.editReview(ws.onGoogle[0]!.reviewId, { reply: 'Thanks Omar, from the owner on Google' });
    await ws.client.post('/api/gmb/poll-reviews');
    expect((await storedReply(ws.ids[0]!))?.ownerReply).toBe('Thanks Omar, from the owner on Google');
  });

  it('refuses an empty reply, one over 4,096 bytes, an unknown review and a review not from Google, with clear messages', async () => {
    const ws = await connectedWith([{ displayName: 'Lee', starRating: 'FIVE' }]);
    const url = `/api/google-reviews/${ws.ids[0]}/reply`;
    expect(await ws.client.request('PUT', url, { comment: '   ' })).toMatchObject({ status: 400, json: { message: 'Write the reply first' } });
    // 2,049 characters of two bytes each: under 4,096 characters, over 4,096 bytes.
    expect(await ws.client.request('PUT', url, { comment: 'é'.repeat(2049) })).toMatchObject({
      status: 400,
      json: { message: 'The reply is 4,098 bytes; Google takes at most 4,096' },
    });
    expect((await ws.client.request('PUT', url, { comment: 'é'.repeat(2048) })).status).toBe(200);
    expect(await ws.client.request('PUT', url, {})).toMatchObject({ status: 400 });
    expect(await ws.client.request('PUT', '/api/google-reviews/999999/reply', { comment: 'Hi' })).toMatchObject({
      status: 404,
      json: { message: 'Review not found' },
    });
    expect(await ws.client.request('PUT', '/api/google-reviews/abc/reply', { comment: 'Hi' })).toMatchObject({ status: 404 });
    // A review of another workspace is not found either.
    const other = await signUpAdmin(app);
    expect(await other.client.request('PUT', url, { comment: 'Hi' })).toMatchObject({ status: 404 });

    const notGoogle = await ws.client.post('/api/test-review', { reviewerName: 'Casey Test', rating: 5, reviewText: 'A test' });
    expect(notGoogle.status).toBe(201);
    expect(await ws.client.request('PUT', `/api/google-reviews/${notGoogle.json.id}/reply`, { comment: 'Hi' })).toMatchObject({
      status: 409,
      json: { message: 'Only a review brought in from Google can be answered here' },
    });
  });

  it('says why Google refused (a deleted review, a revoked connection) and marks nothing replied', async () => {
    const ws = await connectedWith([
      { displayName: 'Gone Soon', starRating: 'TWO' },
      { displayName: 'Still Here', starRating: 'THREE' },
    ]);
    google.deleteReview(ws.onGoogle[0]!.reviewId);
    const gone = await ws.client.request('PUT', `/api/google-reviews/${ws.ids[0]}/reply`, { comment: 'Sorry to hear it' });
    expect(gone).toMatchObject({ status: 409, json: { message: 'This review is no longer on Google (it was deleted), so it cannot be answered' } });
    expect((await storedReply(ws.ids[0]!))?.ownerReply).toBeNull();
    // The next sync finds it gone: it leaves the lists.
    await ws.client.post('/api/gmb/poll-reviews');
    const waiting = (await ws.client.get('/api/google-reviews?needsReply=true')).json as { id: number }[];
    expect(waiting.map((r) => r.id)).toEqual([ws.ids[1]]);

    google.state.invalidGrant = true;
    try {
      const revoked = await ws.client.request('PUT', `/api/google-reviews/${ws.ids[1]}/reply`, { comment: 'Sorry to hear it' });
      expect(revoked.status).toBe(409);
      expect(revoked.json.message).toContain('Reconnect the Google account');
      expect((await storedReply(ws.ids[1]!))?.ownerReply).toBeNull();
      expect(google.findReview(ws.onGoogle[1]!.reviewId)?.reviewReply).toBeUndefined();
      expect((await ws.client.get('/api/gmb/status')).json).toMatchObject({ broken: true });
    } finally {
      google.state.invalidGrant = false;
    }
  });

  it('lets staff reply only when the admin allows it', async () => {
    const ws = await connectedWith([{ displayName: 'Pat', starRating: 'FIVE' }]);
    const staff = new Client(app.url, { origin: app.url });
    expect((await staff.post('/api/auth/login', { slug: ws.workspace.slug, password: ws.workspace.password })).status).toBe(200);
    const url = `/api/google-reviews/${ws.ids[0]}/reply`;
    const refused = await staff.request('PUT', url, { comment: 'Thanks Pat' });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toContain('staff_can_reply');
    expect(await ws.client.request('PUT', '/api/settings/staff_can_reply', { value: 'yes please' })).toMatchObject({ status: 400 });
    expect((await ws.client.request('PUT', '/api/settings/staff_can_reply', { value: 'true' })).status).toBe(200);
    expect((await staff.request('PUT', url, { comment: 'Thanks Pat' })).status).toBe(200);
  });
});

describe('"Needs a reply"', () => {
  it('lists the reviews without a reply, three stars or fewer first, each group longest waiting first', async () => {
    const ws = await connectedWith([
      { displayName: 'Old Five', starRating: 'FIVE' },
      { displayName: 'Old Two', starRating: 'TWO' },
      { displayName: 'Replied Three', starRating: 'THREE', reply: 'Thanks!' },
      { displayName: 'New Four', starRating: 'FOUR' },
      { displayName: 'New One', starRating: 'ONE' },
    ]);
    const list = (await ws.client.get('/api/google-reviews?needsReply=true')).json as { reviewerName: string; rating: number; staffFirstName: null }[];
    expect(list.map((r) => r.reviewerName)).toEqual(['Old Two', 'New One', 'Old Five', 'New Four']);
    expect(list[0]).toMatchObject({ rating: 2, staffFirstName: null });
    expect(await ws.client.get('/api/google-reviews?needsReply=maybe')).toMatchObject({ status: 400, json: { message: 'needsReply is true or false' } });
  });
});

describe('reply templates', () => {
  it('keeps up to five per workspace, edits and deletes them, and refuses bad input clearly', async () => {
    const { client } = await signUpAdmin(app);
    for (let n = 1; n <= 5; n++) {
      const created = await client.post('/api/admin/reply-templates', { name: `Thanks ${n}`, body: 'Thank you {reviewer_first_name}!' });
      expect(created.status).toBe(201);
    }
    expect(await client.post('/api/admin/reply-templates', { name: 'Sixth', body: 'One too many' })).toMatchObject({
      status: 409,
      json: { message: 'A workspace keeps at most 5 reply templates: change or delete one first' },
    });
    const list = (await client.get('/api/admin/reply-templates')).json as { id: number; name: string; body: string }[];
    expect(list.map((t) => t.name)).toEqual(['Thanks 1', 'Thanks 2', 'Thanks 3', 'Thanks 4', 'Thanks 5']);
    expect(await client.request('PATCH', `/api/admin/reply-templates/${list[0]!.id}`, { body: 'Cheers {reviewer_first_name}' })).toMatchObject({
      status: 200,
      json: { id: list[0]!.id, name: 'Thanks 1', body: 'Cheers {reviewer_first_name}' },
    });
    expect(await client.request('PATCH', `/api/admin/reply-templates/${list[0]!.id}`, {})).toMatchObject({ status: 400 });
    expect(await client.post('/api/admin/reply-templates', { name: '', body: 'x' })).toMatchObject({
      status: 400,
      json: { message: 'Give the template a name' },
    });
    expect(await client.request('DELETE', `/api/admin/reply-templates/${list[4]!.id}`)).toMatchObject({ status: 200 });
    expect((await client.post('/api/admin/reply-templates', { name: 'Sixth', body: 'Now it fits' })).status).toBe(201);

    const other = await signUpAdmin(app);
    expect(await other.client.request('PATCH', `/api/admin/reply-templates/${list[0]!.id}`, { name: 'Mine' })).toMatchObject({ status: 404 });
    expect(await other.client.request('DELETE', `/api/admin/reply-templates/${list[0]!.id}`)).toMatchObject({ status: 404 });
    expect((await other.client.get('/api/admin/reply-templates')).json).toEqual([]);
  });
});

describe("a low-rated Google review's alert", () => {
  it('links straight to its reply box; a five-star one has no button', async () => {
    const slack = await new AlertReceiver('slack').start();
    try {
      const office = await officeWithTeamAndTemplate(app);
      expect((await office.client.request('PUT', '/api/admin/alerts', { slackWebhookUrl: slack.url })).status).toBe(200);
      await logRequestFor(office, { firstName: 'Nora', lastName: 'Quill' });
      await logRequestFor(office, { firstName: 'Felix', lastName: 'Stone' });
      const ws = await connectedWith(
        [
          // Written after the requests were logged, as the matcher expects.
          { displayName: 'Nora Quill', starRating: 'TWO', comment: 'Long wait', createTime: new Date(Date.now() + 1000).toISOString() },
          { displayName: 'Felix Stone', starRating: 'FIVE', comment: 'Great', createTime: new Date(Date.now() + 2000).toISOString() },
        ],
        office,
      );
      await until(
        () => Promise.resolve(slack.posts.length),
        (n) => n >= 2,
      );
      const bodies = slack.posts.map((p) => p.body as { text: string; blocks: { type: string; elements?: { url: string; text: { text: string } }[] }[] });
      const low = bodies.find((b) => b.text.includes('2-star'))!;
      const high = bodies.find((b) => b.text.includes('5-star'))!;
      const button = low.blocks.find((b) => b.type === 'actions')?.elements?.[0];
      expect(button?.text.text).toBe('Reply to this review');
      expect(new URL(button!.url).pathname + new URL(button!.url).search + new URL(button!.url).hash).toBe(
        `/${office.workspace.slug}/gmb-reviews?reply=${ws.ids[0]}#review-${ws.ids[0]}`,
      );
      expect(high.blocks.some((b) => b.type === 'actions')).toBe(false);
    } finally {
      await slack.stop();
    }
  });
});

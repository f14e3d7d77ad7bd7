import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleConnections, googlePushMessages, reviews } from '#platform/db/schema.ts';
import { startFakeGoogle, type FakeGoogle } from '../fakes/google-server.ts';
import { startFakePubSub } from '../fakes/pubsub-pusher.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { connectGoogle, googleEnv } from '../helpers/google.ts';
import { until } from '../helpers/until.ts';

// Issue 30, part 1: Google pushes a Business Profile notification through Cloud Pub/Sub; the product
// checks Google's signature, keeps the message once, and looks at the location's reviews at once.

let app: TestApp;
let fake: FakeGoogle;
let pubsub: Awaited<ReturnType<typeof startFakePubSub>>;
let pushUrl: string;

beforeAll(async () => {
  [fake, pubsub] = await Promise.all([startFakeGoogle(), startFakePubSub()]);
  app = await startApp({
    ...googleEnv(fake),
    DEFAULT_PLAN: 'team',
    GOOGLE_PUBSUB_PUSH_ACCOUNT: pubsub.account,
    GOOGLE_OIDC_CERTS_URL: pubsub.certsUrl,
    // The daily schedule: any review that arrives here came through a push.
    GOOGLE_SYNC_SCHEDULE: '0 3 * * *',
  });
  pushUrl = `${app.url}/api/webhooks/google/pubsub`;
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await pubsub?.close();
});

/** A workspace connected to a fresh location of the fake Google. */
async function connectedWorkspace() {
  const admin = await signUpAdmin(app);
  const account = fake.addAccount();
  const location = fake.addLocation(account.name);
  expect((await connectGoogle(admin.client)).searchParams.get('gmb_connected')).toBe('true');
  const accountId = account.name.split('/')[1]!;
  const locationId = location.name.split('/')[1]!;
  await admin.client.request('PUT', '/api/settings/gmb_account_id', { value: accountId });
  await admin.client.request('PUT', '/api/settings/gmb_location_id', { value: locationId });
  return { ...admin, path: fake.locationPath(location.name), accountId, locationId };
}

const reviewIds = async (workspaceId: number) =>
  (await app.database.db.select({ externalId: reviews.externalId }).from(reviews).where(eq(reviews.workspaceId, workspaceId))).map((r) => r.externalId);

const messagesKept = async () => (await app.database.db.select({ n: count() }).from(googlePushMessages))[0]!.n;

describe('reviews pushed by Google', () => {
  it('brings a new review in as soon as Google pushes its notification, and a redelivery does nothing more', async () => {
    const ws = await connectedWorkspace();
    const [review] = fake.addReviews(1, ws.path);
    const notification = { type: 'NEW_REVIEW', review: review!.name, location: ws.path };
    const pushed = await pubsub.push(pushUrl, notification);
    expect(pushed).toMatchObject({ status: 202, body: { message: 'Queued a look at the reviews' } });
    expect(
      await until(
        () => reviewIds(ws.workspaceId),
        (ids) => ids.length === 1,
      ),
    ).toEqual([review!.reviewId]);
    const [connection] = await app.database.db.select().from(googleConnections).where(eq(googleConnections.workspaceId, ws.workspaceId));
    expect(connection?.lastPushAt).toBeInstanceOf(Date);

    const again = await pubsub.push(pushUrl, notification, { messageId: pushed.messageId });
    expect(again).toMatchObject({ status: 200, body: { message: 'Already received' } });
    expect(await reviewIds(ws.workspaceId)).toHaveLength(1);

    // An id kept longer than Pub/Sub keeps a message goes when the next push comes; a recent one stays.
    await app.database.db.insert(googlePushMessages).values({ messageId: 'from-long-ago', receivedAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) });
    expect((await pubsub.push(pushUrl, notification)).status).toBe(202);
    const kept = (await app.database.db.select({ id: googlePushMessages.messageId }).from(googlePushMessages)).map((m) => m.id);
    expect(kept).not.toContain('from-long-ago');
    expect(kept).toContain(pushed.messageId);
  });

  it('changes nothing for a push without a token, a forged one, another audience, another account or an expired token', async () => {
    const ws = await connectedWorkspace();
    fake.addReviews(1, ws.path);
    const before = await messagesKept();
    const notification = { type: 'NEW_REVIEW', location: ws.path };
    const refused = [
      await pubsub.push(pushUrl, notification, { authorization: null }),
      await pubsub.push(pushUrl, notification, { token: { forged: true } }),
      await pubsub.push(pushUrl, notification, { token: { audience: 'https://elsewhere.example/push' } }),
      await pubsub.push(pushUrl, notification, { token: { email: 'intruder@elsewhere.iam.gserviceaccount.com' } }),
      await pubsub.push(pushUrl, notification, { token: { expiresIn: '-5 minutes' } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 403, 401]);
    for (const r of refused) expect(r.body.message).toEqual(expect.any(String));
    // Nothing kept, so nothing queued: a look is queued only with its message, in one transaction.
    expect(await messagesKept()).toBe(before);
  });

  it('looks at every connected workspace when the notification names nothing it can read', async () => {
    const ws = await connectedWorkspace();
    const [review] = fake.addReviews(1, ws.path);
    expect((await pubsub.push(pushUrl, { something: 'unexpected' })).status).toBe(202);
    expect(
      await until(
        () => reviewIds(ws.workspaceId),
        (ids) => ids.length === 1,
      ),
    ).toEqual([review!.reviewId]);
  });

  it('answers a push for a location no workspace is connected to, and a body that is no push', async () => {
    expect(await pubsub.push(pushUrl, { type: 'NEW_REVIEW', location: 'accounts/1/locations/999999999' })).toMatchObject({
      status: 202,
      body: { message: 'No workspace is connected to that location' },
    });
    const token = await pubsub.token({ audience: pushUrl });
    const notJson = await fetch(pushUrl, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    const noMessage = await fetch(pushUrl, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(noMessage.status).toBe(400);
    expect(((await noMessage.json()) as { message: string }).message).toBe('The body is not a Pub/Sub push: it has no message');
  });
});

describe("each connected account's notification setting", () => {
  const TOPIC = 'projects/review-challenge-test/topics/gbp-reviews';
  let app2: TestApp;
  let google: FakeGoogle;
  let push2: string;

  beforeAll(async () => {
    google = await startFakeGoogle();
    google.publishTo(pubsub);
    app2 = await startApp({
      ...googleEnv(google),
      DEFAULT_PLAN: 'team',
      GOOGLE_PUBSUB_PUSH_ACCOUNT: pubsub.account,
      GOOGLE_OIDC_CERTS_URL: pubsub.certsUrl,
      GOOGLE_PUBSUB_TOPIC: TOPIC,
      GOOGLE_SYNC_SCHEDULE: '0 3 * * *',
    });
    push2 = `${app2.url}/api/webhooks/google/pubsub`;
    pubsub.subscribe(TOPIC, push2);
  });
  afterAll(async () => {
    await app2?.close();
    await google?.close();
  });

  const pushStatus = async (client: Awaited<ReturnType<typeof signUpAdmin>>['client']) =>
    (await client.get('/api/gmb/status')).json.push as { registered: boolean; lastNotificationAt: string | null; error: string | null };

  it('says in plain words why Google refused the setting, and registers it once the topic is put right', async () => {
    const admin = await signUpAdmin(app2);
    // The topic does not exist yet.
    expect((await connectGoogle(admin.client)).searchParams.get('gmb_connected')).toBe('true');
    let push = await pushStatus(admin.client);
    expect(push).toMatchObject({ registered: false, lastNotificationAt: null });
    expect(push.error).toBe(
      `Google does not accept ${TOPIC} as a Pub/Sub topic. Check that the topic exists and is written projects/{project}/topics/{topic}.`,
    );

    pubsub.createTopic(TOPIC, { googleMayPublish: false });
    await connectGoogle(admin.client);
    push = await pushStatus(admin.client);
    expect(push.registered).toBe(false);
    expect(push.error).toContain('Google may not publish to the topic');
    expect(push.error).toContain('give mybusiness-api-pubsub@system.gserviceaccount.com the Pub/Sub Publisher role');
    expect(google.state.notificationSettings.get(google.account.name)).toBeUndefined();

    pubsub.createTopic(TOPIC, { googleMayPublish: true });
    await connectGoogle(admin.client);
    expect(await pushStatus(admin.client)).toEqual({ registered: true, lastNotificationAt: null, error: null });
    expect(google.state.notificationSettings.get(google.account.name)).toEqual({ pubsubTopic: TOPIC, notificationTypes: ['NEW_REVIEW', 'UPDATED_REVIEW'] });
  });

  it('brings a review added on Google in through its notification, fetching that one review', async () => {
    const admin = await signUpAdmin(app2);
    await connectGoogle(admin.client);
    expect((await pushStatus(admin.client)).registered).toBe(true);
    const listsBefore = google.calls(`/v4/${google.locationPath()}/reviews`, 'GET').filter((c) => c.path.endsWith('/reviews')).length;

    const [review] = google.addReviews(1);
    const stored = await until(
      () => app2.database.db.select().from(reviews).where(eq(reviews.workspaceId, admin.workspaceId)),
      (rows) => rows.length === 1,
    );
    expect(stored[0]).toMatchObject({ externalId: review!.reviewId, source: 'google' });
    expect(google.calls(`/v4/${review!.name}`, 'GET').length).toBeGreaterThanOrEqual(1);
    // The notification named the review: the location's list was not read for it.
    expect(google.calls(`/v4/${google.locationPath()}/reviews`, 'GET').filter((c) => c.path.endsWith('/reviews'))).toHaveLength(listsBefore);
    const push = await pushStatus(admin.client);
    expect(push.registered).toBe(true);
    expect(Date.parse(push.lastNotificationAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // An edit on Google is pushed as UPDATED_REVIEW and brought in the same way.
    google.editReview(review!.reviewId, { comment: 'Changed my mind: even better than I said', starRating: 'FIVE' });
    await until(
      () => app2.database.db.select({ comment: reviews.comment }).from(reviews).where(eq(reviews.workspaceId, admin.workspaceId)),
      (rows) => rows[0]?.comment === 'Changed my mind: even better than I said',
    );
    await pubsub.acknowledged();
  });
});

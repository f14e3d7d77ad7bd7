import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { googleConnections, reviews, settings } from '#platform/db/schema.ts';
import { OAUTH_ERRORS, QUOTA_STILL_BLOCKED } from '#shared/google-messages.ts';
import { BUSINESS_MANAGE_SCOPE, startFakeGoogle, type FakeGoogle } from '../fakes/google-server.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { connectGoogle, googleEnv } from '../helpers/google.ts';

let app: TestApp;
let fake: FakeGoogle;
const logged: string[] = [];

beforeAll(async () => {
  fake = await startFakeGoogle();
  app = await startApp({ ...googleEnv(fake), DEFAULT_PLAN: 'team' });
  // Everything the app logs, to prove the refresh token never reaches a log line.
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => logged.push(String(chunk)) > 0);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app.close();
  await fake.close();
});
afterEach(() => {
  fake.state.quotaZero = false;
  fake.state.failNext = 0;
  fake.state.invalidGrant = false;
  fake.state.consent = 'allow';
});

const reviewRows = (workspaceId: number) => app.database.db.select().from(reviews).where(eq(reviews.workspaceId, workspaceId));

/** A workspace connected to a fresh location of the fake, discovered, with `count` reviews there. */
async function connectedWorkspace(count = 0) {
  const admin = await signUpAdmin(app);
  const account = fake.addAccount();
  const location = fake.addLocation(account.name);
  const path = fake.locationPath(location.name);
  if (count) fake.addReviews(count, path);
  expect((await connectGoogle(admin.client)).searchParams.get('gmb_connected')).toBe('true');
  await admin.client.request('PUT', '/api/settings/gmb_account_id', { value: account.name.split('/')[1] });
  await admin.client.request('PUT', '/api/settings/gmb_location_id', { value: location.name.split('/')[1] });
  return { ...admin, account, location, path };
}

const listCalls = (path: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v4/${path}/reviews`).length;

/**
 * Connects while Google lists no location for any account, so the card is left at "Setup
 * Incomplete"; the fake's locations are put back afterwards for the tests that follow.
 */
async function connectWithoutLocations(client: Client) {
  const kept = new Map(fake.state.locations);
  for (const account of fake.state.accounts) fake.state.locations.set(account.name, []);
  try {
    return await connectGoogle(client);
  } finally {
    for (const [name, locations] of kept) fake.state.locations.set(name, locations);
  }
}

describe('connecting a Google account', () => {
  it('sends the admin to Google asking for offline access, with a signed state, and back to the admin page connected', async () => {
    const admin = await signUpAdmin(app);
    const initiate = await admin.client.get('/api/gmb/oauth/initiate');
    expect(initiate.status).toBe(302);
    const consent = new URL(initiate.headers.get('location')!);
    expect(`${consent.origin}${consent.pathname}`).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      client_id: fake.state.clientId,
      redirect_uri: `${app.url}/api/gmb/oauth/callback`,
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      scope: BUSINESS_MANAGE_SCOPE,
    });
    expect(consent.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const back = await connectWithoutLocations(admin.client);
    expect(back.pathname).toBe(`/${admin.workspace.slug}/admin`);
    expect(back.searchParams.get('gmb_connected')).toBe('true');
    const status = await admin.client.get('/api/gmb/status');
    expect(status.json).toMatchObject({ allowed: true, configured: true, connected: true, broken: false, accountId: null, locationId: null });
  });

  it('keeps the refresh token sealed: never in an answer, a log line or the database in plain text', async () => {
    const admin = await signUpAdmin(app);
    await connectGoogle(admin.client);
    const issued = [...fake.state.refreshTokens.keys()].at(-1)!;
    const [stored] = await app.database.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.workspaceId, admin.workspaceId), eq(settings.key, 'gmb_refresh_token')));
    expect(stored!.value).toMatch(/^v1\./);
    expect(stored!.value).not.toContain(issued);
    const answers = await Promise.all(['/api/settings', '/api/gmb/status', '/api/admin/test-google-fetch'].map((p) => admin.client.get(p)));
    for (const answer of answers) expect(answer.text).not.toContain(issued);
    expect((await admin.client.get('/api/settings')).json).toContainEqual({ key: 'gmb_refresh_token', value: 'connected' });
    const dump = JSON.stringify(await app.database.db.select().from(settings)) + JSON.stringify(await app.database.db.select().from(googleConnections));
    expect(dump).not.toContain(issued);
    // A sync, a failure and a disconnect later, the logs still do not hold it.
    fake.state.invalidGrant = true;
    await admin.client.post('/api/gmb/poll-reviews');
    await admin.client.post('/api/gmb/disconnect');
    expect(logged.join('\n')).not.toContain(issued);
  });

  it('refuses a state that is forged, or used twice, and says so on the admin page', async () => {
    const admin = await signUpAdmin(app);
    const initiate = await admin.client.get('/api/gmb/oauth/initiate');
    const consent = await fetch(initiate.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const first = await admin.client.get(callback.pathname + callback.search);
    expect(new URL(first.headers.get('location')!, app.url).searchParams.get('gmb_connected')).toBe('true');
    const again = await admin.client.get(callback.pathname + callback.search);
    const againUrl = new URL(again.headers.get('location')!, app.url);
    expect(againUrl.pathname).toBe(`/${admin.workspace.slug}/admin`);
    expect(againUrl.searchParams.get('gmb_error')).toBe('state');

    const forged = await admin.client.get(`/api/gmb/oauth/callback?code=x&state=${'a'.repeat(20)}.${'b'.repeat(20)}.${'c'.repeat(20)}`);
    expect(new URL(forged.headers.get('location')!, app.url).searchParams.get('gmb_error')).toBe('state');
  });

  it("connects nothing when a victim opens an attacker's consent link: the state belongs to the browser and admin that started it", async () => {
    const attacker = await signUpAdmin(app);
    const victim = await signUpAdmin(app);
    const initiate = await attacker.client.get('/api/gmb/oauth/initiate');
    expect(initiate.headers.getSetCookie().join()).toMatch(/rc_gmb_oauth=[^;]+;.*HttpOnly/i);
    // The attacker sends the consent link; the victim, signed in to their own workspace, consents.
    const consent = await fetch(initiate.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const back = await victim.client.get(callback.pathname + callback.search);
    expect(new URL(back.headers.get('location')!, app.url).searchParams.get('gmb_error')).toBe('state');
    expect((await attacker.client.get('/api/gmb/status')).json.connected).toBe(false);
    expect((await victim.client.get('/api/gmb/status')).json.connected).toBe(false);

    // The same browser, signed out and in again as another session, cannot finish it either.
    const other = new Client(app.url, { origin: app.url, cookie: `rc_gmb_oauth=${attacker.client.cookie('rc_gmb_oauth')}` });
    await other.post('/api/auth/login', { slug: attacker.workspace.slug, password: attacker.workspace.password });
    await other.post('/api/auth/admin', { password: attacker.workspace.adminPassword });
    expect(new URL((await other.get(callback.pathname + callback.search)).headers.get('location')!, app.url).searchParams.get('gmb_error')).toBe('state');
  });

  it('refuses to start discovery, a test fetch or the consent from a link on another site', async () => {
    const { client } = await connectedWorkspace();
    for (const path of ['/api/gmb/try-discover', '/api/admin/test-google-fetch', '/api/gmb/oauth/initiate']) {
      const fromElsewhere = await client.request('GET', path, undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(fromElsewhere.status, path).toBe(403);
      expect(fromElsewhere.json).toEqual({ message: 'Cross-site requests are not allowed' });
      expect((await client.request('GET', path, undefined, { headers: { 'sec-fetch-site': 'same-site' } })).status, path).toBe(403);
      const fromOurPage = await client.request('GET', path, undefined, { headers: { 'sec-fetch-site': 'same-origin' } });
      expect(fromOurPage.status, path).not.toBe(403);
    }
    const typed = await client.request('GET', '/api/gmb/try-discover', undefined, { headers: { 'sec-fetch-site': 'none' } });
    expect(typed.status).toBe(200);
  });

  it('returns to the admin page with a clear message when the admin refuses consent', async () => {
    const admin = await signUpAdmin(app);
    fake.state.consent = 'deny';
    const back = await connectGoogle(admin.client);
    expect(back.searchParams.get('gmb_error')).toBe('denied');
    expect((await admin.client.get('/api/gmb/status')).json.connected).toBe(false);
  });

  it('is not offered on the free plan', async () => {
    const admin = await signUpAdmin(app);
    await app.database.db.execute(`UPDATE workspaces SET plan = 'free' WHERE id = ${admin.workspaceId}` as never);
    const initiate = await admin.client.get('/api/gmb/oauth/initiate');
    expect(new URL(initiate.headers.get('location')!, app.url).searchParams.get('gmb_error')).toBe('upgrade');
    // A plan refusal names its limit, so the admin panel does not take it for a lost admin session.
    const discover = await admin.client.get('/api/gmb/try-discover');
    expect(discover.status).toBe(403);
    expect(discover.json).toEqual({ message: OAUTH_ERRORS.upgrade });
    expect(discover.headers.get('x-plan-limit')).toBe('google');
    expect((await admin.client.post('/api/gmb/poll-reviews')).status).toBe(403);
    expect((await admin.client.get('/api/gmb/status')).json.allowed).toBe(false);
  });

  it('keeps the connection to the admin, and lets any signed-in member read and poll', async () => {
    const { client: adminClient, workspace } = await connectedWorkspace(1);
    const staff = new Client(app.url, { origin: app.url });
    expect((await staff.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    for (const path of ['/api/gmb/status', '/api/gmb/try-discover', '/api/admin/test-google-fetch']) expect((await staff.get(path)).status).toBe(403);
    expect((await staff.post('/api/gmb/disconnect')).status).toBe(403);
    expect((await staff.get('/api/gmb/oauth/initiate')).headers.get('location')).toBe(`/${workspace.slug}/admin`);
    expect((await staff.post('/api/gmb/poll-reviews')).json).toMatchObject({ success: true, added: 1 });
    expect((await staff.get('/api/gmb/reviews')).json).toHaveLength(1);
    await adminClient.post('/api/auth/logout');
    expect((await adminClient.get('/api/gmb/status')).status).toBe(401);
  });
});

describe('discovery', () => {
  it('looks for the location at once when the admin comes back from connecting', async () => {
    const admin = await signUpAdmin(app);
    const account = fake.addAccount();
    for (const other of fake.state.accounts) if (other !== account) fake.state.locations.set(other.name, []);
    const location = fake.addLocation(account.name, { title: 'Straight Away Dental' });
    const back = await connectGoogle(admin.client);
    expect(back.searchParams.get('gmb_connected')).toBe('true');
    expect((await admin.client.get('/api/gmb/status')).json).toMatchObject({
      connected: true,
      accountId: account.name.split('/')[1],
      locationId: location.name.split('/')[1],
      locationTitle: 'Straight Away Dental',
    });
  });

  it('pages through accounts and locations, keeps the first location and fills an empty review link', async () => {
    const admin = await signUpAdmin(app);
    await connectGoogle(admin.client);
    // The fake's first accounts have no locations here: the one found is on the second page of accounts.
    const before = fake.state.accounts.length;
    for (let i = 0; i < 25; i++) fake.addAccount();
    const owner = fake.state.accounts[fake.state.accounts.length - 1]!;
    for (const account of fake.state.accounts.slice(0, -1)) fake.state.locations.set(account.name, []);
    const location = fake.addLocation(owner.name, { title: 'Second Page Plumbing' });
    expect(fake.state.accounts.length).toBeGreaterThan(before + 20);

    await admin.client.request('PUT', '/api/settings/google_review_link', { value: '' });
    const found = await admin.client.get('/api/gmb/try-discover');
    expect(found.json).toEqual({ success: true, accountId: owner.name.split('/')[1], locationId: location.name.split('/')[1], error: null });
    expect(found.json.accountId).toMatch(/^\d{18,}$/);
    const listed = Object.fromEntries(((await admin.client.get('/api/settings')).json as { key: string; value: string }[]).map((s) => [s.key, s.value]));
    expect(listed.google_review_link).toBe(location.metadata.newReviewUri);
    expect((await admin.client.get('/api/gmb/status')).json).toMatchObject({ locationTitle: 'Second Page Plumbing', accountId: found.json.accountId });
    expect(fake.calls('/v1/accounts').filter((r) => r.query.pageToken).length).toBeGreaterThan(0);
    // Later tests connect again, and each connection looks for a location at once: keep that quick.
    fake.state.accounts.splice(before, fake.state.accounts.length - before - 1);
  });

  it('leaves a review link the admin already set', async () => {
    const admin = await signUpAdmin(app);
    await connectGoogle(admin.client);
    await admin.client.request('PUT', '/api/settings/google_review_link', { value: 'https://g.page/r/mine/review' });
    fake.addLocation(fake.state.accounts[0]!.name);
    expect((await admin.client.get('/api/gmb/try-discover')).json.success).toBe(true);
    const listed = (await admin.client.get('/api/settings')).json as { key: string; value: string }[];
    expect(listed).toContainEqual({ key: 'google_review_link', value: 'https://g.page/r/mine/review' });
  });

  it('says "Quota still blocked" while the quota is 0, and manual IDs then let the sync work', async () => {
    const admin = await signUpAdmin(app);
    await connectWithoutLocations(admin.client);
    const account = fake.addAccount();
    const location = fake.addLocation(account.name);
    fake.addReviews(3, fake.locationPath(location.name));
    fake.state.quotaZero = true;
    const blocked = await admin.client.get('/api/gmb/try-discover');
    expect(blocked.status).toBe(200);
    expect(blocked.json).toEqual({ success: false, accountId: null, locationId: null, error: QUOTA_STILL_BLOCKED });

    const bad = await admin.client.request('PUT', '/api/settings/gmb_account_id', { value: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'Account ID must be numeric, 18 or more digits', field: 'value' });
    expect((await admin.client.request('PUT', '/api/settings/gmb_location_id', { value: 'abc123456789012345678' })).json.message).toBe(
      'Location ID must be numeric, 18 or more digits',
    );
    expect((await admin.client.request('PUT', '/api/settings/gmb_account_id', { value: account.name.split('/')[1] })).status).toBe(200);
    expect((await admin.client.request('PUT', '/api/settings/gmb_location_id', { value: location.name })).json).toEqual({
      key: 'gmb_location_id',
      value: location.name.split('/')[1],
    });

    fake.state.quotaZero = false;
    const poll = await admin.client.post('/api/gmb/poll-reviews');
    expect(poll.status).toBe(200);
    expect(poll.json).toMatchObject({ success: true, added: 3 });
    expect(await reviewRows(admin.workspaceId)).toHaveLength(3);
  });

  it('answers "Connect a Google account first" before any connection', async () => {
    const admin = await signUpAdmin(app);
    expect((await admin.client.get('/api/gmb/try-discover')).json).toMatchObject({ success: false, error: 'Connect a Google account first.' });
  });
});

describe('the review sync', () => {
  it('stores 120 reviews over three pages once; a second sync adds nothing', async () => {
    const { client, workspaceId, path } = await connectedWorkspace(120);
    const first = await client.post('/api/gmb/poll-reviews');
    expect(first.json).toMatchObject({ success: true, added: 120, updated: 0, removed: 0 });
    expect(listCalls(path)).toBe(3);
    const second = await client.post('/api/gmb/poll-reviews');
    expect(second.json).toMatchObject({ success: true, added: 0, updated: 0, removed: 0 });
    expect(listCalls(path)).toBe(6);
    const rows = await reviewRows(workspaceId);
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((r) => r.externalId)).size).toBe(120);
    expect(rows.every((r) => r.source === 'google' && r.kind === 'google' && r.rating >= 1 && r.rating <= 5)).toBe(true);
  });

  it('keeps what Google says of each review: stars, anonymity, the owner reply, the Maps link', async () => {
    const { client, path } = await connectedWorkspace();
    const location = fake.state.locations.get(path.split('/locations/')[0]!)![0]!;
    const named = fake.addReview({ displayName: 'Zoë Park', starRating: 'FOUR', comment: 'Great croissants', reply: 'Thanks Zoë!' }, path);
    fake.addReview({ isAnonymous: true, starRating: 'TWO', comment: null }, path);
    expect((await client.post('/api/gmb/poll-reviews')).json.added).toBe(2);
    const listed = (await client.get('/api/gmb/reviews')).json as Record<string, unknown>[];
    expect(listed).toHaveLength(2);
    const zoe = listed.find((r) => r.reviewerName === 'Zoë Park')!;
    expect(zoe).toMatchObject({
      rating: 4,
      comment: 'Great croissants',
      ownerReply: 'Thanks Zoë!',
      reviewerProfilePhotoUrl: 'profilePhotoUrl' in named.reviewer ? named.reviewer.profilePhotoUrl : null,
      reviewUrl: location.metadata.mapsUri,
      createTime: new Date(named.createTime.replace(/(\.\d{3})\d+/, '$1')).toISOString(),
    });
    expect(Object.keys(zoe).sort()).toEqual(
      ['comment', 'createTime', 'id', 'ownerReply', 'ownerReplyTime', 'rating', 'reviewUrl', 'reviewerName', 'reviewerProfilePhotoUrl'].sort(),
    );
    expect(listed.find((r) => r.reviewerName === null)).toMatchObject({ rating: 2, comment: null, reviewerProfilePhotoUrl: null, ownerReply: null });
  });

  it('keeps named reviewers who carry no isAnonymous, matches them by name, and skips and logs entries that are no review', async () => {
    const { client, workspaceId, path } = await connectedWorkspace();
    const team = (await client.post('/api/teams', { name: 'Front Desk', color: '#10B981' })).json;
    const template = (
      await client.post('/api/email-templates', {
        name: 'Ask',
        subject: 'A quick favour',
        htmlContent: '<p>Hi {{firstName}}</p>',
        phoneScript: '',
        isActive: true,
      })
    ).json;
    const request = await client.post('/api/review-requests', {
      staffFirstName: 'Tom',
      staffEmail: 'tom@clinic.example',
      teamId: team.id,
      email: 'priya.raman@example.com',
      firstName: 'Priya',
      lastName: 'Raman',
      templateId: template.id,
    });
    expect(request.status).toBe(201);
    const priya = fake.addReview(
      { displayName: 'Priya Raman', starRating: 'FIVE', comment: 'So kind', createTime: new Date(Date.now() + 60_000).toISOString() },
      path,
    );
    expect(priya.reviewer).not.toHaveProperty('isAnonymous');
    fake.addJunkEntry(null, path);
    fake.addJunkEntry({ reviewId: 'no-stars', reviewer: { displayName: 'Ghost' }, createTime: '2026-01-01T00:00:00Z' }, path);
    fake.addReview({ displayName: 'Li Wei', starRating: 'THREE' }, path);
    const before = logged.length;

    const poll = await client.post('/api/gmb/poll-reviews');
    expect(poll.json).toMatchObject({ success: true, added: 2 });
    const rows = await reviewRows(workspaceId);
    expect(rows.map((r) => r.reviewerName).sort()).toEqual(['Li Wei', 'Priya Raman']);
    const stored = rows.find((r) => r.reviewerName === 'Priya Raman')!;
    expect(stored.reviewerPhotoUrl).toBe('profilePhotoUrl' in priya.reviewer ? priya.reviewer.profilePhotoUrl : 'missing');
    expect(stored).toMatchObject({ matchStatus: 'auto_matched', requestId: request.json.request.id, teamId: team.id });
    expect(logged.slice(before).join('\n')).toMatch(/"skipped":2,"entries":4,"msg":"Google sync skipped entries/);
  });

  it('updates an edited review in place and marks a deleted one, never duplicating either', async () => {
    const { client, workspaceId, path } = await connectedWorkspace(60);
    await client.post('/api/gmb/poll-reviews');
    const [edited, deleted] = fake.state.reviews.get(path)!.slice(10, 12);
    fake.editReview(edited!.reviewId, { starRating: 'ONE', comment: 'Changed my mind', reply: 'Sorry to hear that' });
    fake.deleteReview(deleted!.reviewId);
    const poll = await client.post('/api/gmb/poll-reviews');
    expect(poll.json).toMatchObject({ success: true, added: 0, updated: 1, removed: 1 });
    const rows = await reviewRows(workspaceId);
    expect(rows).toHaveLength(60);
    expect(rows.find((r) => r.externalId === edited!.reviewId)).toMatchObject({ rating: 1, comment: 'Changed my mind', ownerReply: 'Sorry to hear that' });
    expect(rows.find((r) => r.externalId === deleted!.reviewId)!.removedAt).toBeInstanceOf(Date);
    const listed = (await client.get('/api/gmb/reviews')).json as { id: number }[];
    expect(listed).toHaveLength(59);
    // Nothing changes on the next pass.
    expect((await client.post('/api/gmb/poll-reviews')).json).toMatchObject({ added: 0, updated: 0, removed: 0 });
  });

  it('backs off and carries on through transient 503s', async () => {
    const { client, workspaceId } = await connectedWorkspace(5);
    fake.state.failNext = 2;
    const poll = await client.post('/api/gmb/poll-reviews');
    expect(poll.json).toMatchObject({ success: true, added: 5 });
    expect(fake.state.failNext).toBe(0);
    expect(await reviewRows(workspaceId)).toHaveLength(5);
  });

  it('records a failed sync with its error on the card when Google keeps failing', async () => {
    const { client } = await connectedWorkspace(5);
    fake.state.failNext = 50;
    const poll = await client.post('/api/gmb/poll-reviews');
    expect(poll.status).toBe(502);
    expect(poll.json.message).toMatch(/Google is unavailable \(503\)/);
    const status = (await client.get('/api/gmb/status')).json;
    expect(status.lastSync).toMatchObject({ outcome: 'failed', error: poll.json.message });
    expect(Date.parse(status.lastSync.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('turns the connection to Reconnect on invalid_grant and stops calling Google for that workspace', async () => {
    const { client } = await connectedWorkspace(5);
    fake.state.invalidGrant = true;
    const poll = await client.post('/api/gmb/poll-reviews');
    expect(poll.status).toBe(502);
    expect(poll.json.message).toMatch(/Reconnect/);
    expect((await client.get('/api/gmb/status')).json).toMatchObject({ connected: true, broken: true });
    const callsBefore = fake.requests.length;
    expect((await client.post('/api/gmb/poll-reviews')).status).toBe(409);
    expect((await client.get('/api/gmb/try-discover')).json.success).toBe(false);
    expect(fake.requests.length).toBe(callsBefore);

    // Reconnecting makes it whole again.
    fake.state.invalidGrant = false;
    expect((await connectGoogle(client)).searchParams.get('gmb_connected')).toBe('true');
    expect((await client.get('/api/gmb/status')).json.broken).toBe(false);
    expect((await client.post('/api/gmb/poll-reviews')).json.added).toBe(5);
  });

  it('says what is missing before it can poll', async () => {
    const admin = await signUpAdmin(app);
    expect((await admin.client.post('/api/gmb/poll-reviews')).json).toEqual({ message: 'Connect a Google account first' });
    await connectWithoutLocations(admin.client);
    expect((await admin.client.post('/api/gmb/poll-reviews')).json).toEqual({ message: 'Set the account and location IDs first' });
  });

  it('celebrates new reviews of the challenge once per sync, and counts them on the dashboard', async () => {
    const { client, path } = await connectedWorkspace();
    const now = Date.now();
    for (let i = 1; i <= 3; i++) fake.addReview({ createTime: new Date(now + i * 1000).toISOString(), displayName: `Nobody Asked ${i}` }, path);
    fake.addReview({ createTime: '2020-01-01T00:00:00Z' }, path);
    await client.post('/api/gmb/poll-reviews');
    const dashboard = (await client.get('/api/dashboard')).json;
    expect(dashboard.totals.googleReviews).toBe(3);
  });
});

describe('Test Google Fetch', () => {
  it('answers its outcomes: not configured, success with the count, and an error', async () => {
    const admin = await signUpAdmin(app);
    expect((await admin.client.get('/api/admin/test-google-fetch')).json).toMatchObject({ success: false, configured: false, reviewCount: 0 });
    const { client } = await connectedWorkspace(7);
    expect((await client.get('/api/admin/test-google-fetch')).json).toEqual({
      success: true,
      configured: true,
      message: 'Found 7 reviews from Google (not imported)',
      error: null,
      reviewCount: 7,
    });
    expect((await client.get('/api/gmb/reviews')).json).toEqual([]);
    fake.state.quotaZero = true;
    expect((await client.get('/api/admin/test-google-fetch')).json).toMatchObject({
      success: false,
      configured: true,
      error: expect.stringMatching(/quota 0/),
    });
  });
});

describe('disconnect', () => {
  it('revokes the grant at Google and forgets the token; imported reviews stay', async () => {
    const { client, workspaceId } = await connectedWorkspace(2);
    await client.post('/api/gmb/poll-reviews');
    const issued = [...fake.state.refreshTokens.keys()].at(-1)!;
    expect((await client.post('/api/gmb/disconnect')).json).toEqual({ success: true });
    expect(fake.state.refreshTokens.get(issued)!.revoked).toBe(true);
    expect((await client.get('/api/gmb/status')).json).toMatchObject({ connected: false, broken: false });
    expect(await reviewRows(workspaceId)).toHaveLength(2);
  });
});

describe('fetch-details', () => {
  it('reads the place ID of a pasted link, or answers a clear 400', async () => {
    const admin = await signUpAdmin(app);
    const placeId = 'ChIJN1t_tDeuEmsRUsoyG83frY4';
    const ok = await admin.client.post('/api/gmb/fetch-details', { reviewLink: `https://www.google.com/maps/place/?q=place_id:${placeId}` });
    expect(ok.json).toEqual({ placeId, reviewLink: `https://search.google.com/local/writereview?placeid=${placeId}` });
    const bad = await admin.client.post('/api/gmb/fetch-details', { reviewLink: 'https://example.com/nothing' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'This is not a Google review or Maps link with a place ID', field: 'reviewLink' });
    expect((await admin.client.post('/api/gmb/fetch-details', {})).json.field).toBe('reviewLink');
  });
});

describe('a CRM forward of a Google review', () => {
  it('is one review with the Google sync of it, whichever comes first, keeping a manual decision', async () => {
    const { client, workspaceId, path } = await connectedWorkspace();
    const webhook = (await client.get('/api/admin/crm-webhook')).json.url as string;
    // After the workspace's creation, so both count for the challenge.
    const createdAt = new Date(Date.now() + 60_000).toISOString();
    const deliver = (body: unknown) => fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await deliver({ reviewId: 'crm-1', reviewerName: 'Hana Sato', rating: 5, reviewText: 'Lovely', createdAt })).status).toBe(201);
    const teamsList = (await client.get('/api/teams')).json as { id: number; name: string }[];
    const team = teamsList.find((t) => t.name !== 'Unknown') ?? (await client.post('/api/teams', { name: 'Front Desk', color: '#3B82F6' })).json;
    const [crm] = await reviewRows(workspaceId);
    expect((await client.post(`/api/review-actions/${crm!.id}/assign-to-team`, { teamId: team.id })).status).toBe(200);

    fake.addReview({ displayName: 'Hana Sato', starRating: 'FIVE', comment: 'Lovely', createTime: new Date(Date.now() + 30 * 60_000).toISOString() }, path);
    await client.post('/api/gmb/poll-reviews');
    const rows = await reviewRows(workspaceId);
    const google = rows.find((r) => r.source === 'google')!;
    expect(rows.find((r) => r.source === 'crm')!.sameAs).toBe(google.id);
    expect(google).toMatchObject({ matchStatus: 'manual', teamId: team.id });
    const dashboard = (await client.get('/api/dashboard')).json;
    expect(dashboard.totals.googleReviews).toBe(1);

    // The CRM delivering it again changes nothing.
    expect((await deliver({ reviewId: 'crm-1', reviewerName: 'Hana Sato', rating: 5, reviewText: 'Lovely', createdAt })).status).toBe(200);
    expect((await client.get('/api/dashboard')).json.totals.googleReviews).toBe(1);

    // Google first, then the CRM's forward of it: still one review.
    fake.addReview({ displayName: 'Marek Nowak', starRating: 'THREE', createTime: new Date(Date.now() + 2 * 60_000).toISOString() }, path);
    await client.post('/api/gmb/poll-reviews');
    expect((await client.get('/api/dashboard')).json.totals.googleReviews).toBe(2);
    const forward = await deliver({ reviewId: 'crm-2', reviewerName: 'marek nowak', rating: 3, createdAt: new Date(Date.now() + 5 * 60_000).toISOString() });
    expect(forward.status).toBe(201);
    expect((await client.get('/api/dashboard')).json.totals.googleReviews).toBe(2);
    const linked = await app.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.workspaceId, workspaceId), isNotNull(reviews.sameAs)));
    expect(linked.map((r) => r.externalId).sort()).toEqual(['crm-1', 'crm-2']);

    // Deleting the Google review deletes its CRM copy too: nothing comes back to count.
    const marek = (await reviewRows(workspaceId)).find((r) => r.source === 'google' && r.reviewerName === 'Marek Nowak')!;
    expect((await client.request('DELETE', `/api/admin/google-review/${marek.id}`)).status).toBe(200);
    expect((await client.get('/api/dashboard')).json.totals.googleReviews).toBe(1);
    expect((await reviewRows(workspaceId)).some((r) => r.externalId === 'crm-2')).toBe(false);
    expect((await deliver({ reviewId: 'crm-2', reviewerName: 'marek nowak', rating: 3 })).status).toBe(200);
    expect((await client.get('/api/dashboard')).json.totals.googleReviews).toBe(1);

    // A different reviewer of the same name and rating, whose Google copy has not synced yet, is not swallowed.
    await deliver({ reviewId: 'crm-3', reviewerName: 'Marek Nowak', rating: 3, createdAt: new Date(Date.now() + 6 * 60_000).toISOString() });
    expect((await client.get('/api/dashboard')).json.totals.googleReviews).toBe(2);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_MANAGE_SCOPE, startFakeGoogle, type FakeGoogle, type FakeReview } from './google-server.ts';

const REDIRECT = 'http://localhost:4321/api/gmb/oauth/callback';

let fake: FakeGoogle;
beforeEach(async () => {
  fake = await startFakeGoogle({ reviews: 120 });
});
afterEach(async () => {
  await fake.close();
});

function consentUrl(overrides: Record<string, string | null> = {}): string {
  const params: Record<string, string | null> = {
    client_id: fake.state.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: BUSINESS_MANAGE_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    state: 'signed-state-123',
    ...overrides,
  };
  const url = new URL(`${fake.url}/o/oauth2/v2/auth`);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.toString();
}

async function postForm(path: string, form: Record<string, string>) {
  return fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}

async function connect(): Promise<{ access_token: string; refresh_token: string }> {
  const consent = await fetch(consentUrl(), { redirect: 'manual' });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const res = await postForm('/token', {
    grant_type: 'authorization_code',
    code,
    client_id: fake.state.clientId,
    client_secret: fake.state.clientSecret,
    redirect_uri: REDIRECT,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

function get(path: string, accessToken?: string) {
  return fetch(`${fake.url}${path}`, { headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });
}

interface ReviewPage {
  reviews?: FakeReview[];
  nextPageToken?: string;
  averageRating?: number;
  totalReviewCount?: number;
}

async function allReviews(accessToken: string): Promise<{ pages: ReviewPage[]; reviews: FakeReview[] }> {
  const pages: ReviewPage[] = [];
  let pageToken: string | undefined;
  do {
    const q = new URLSearchParams({ pageSize: '50' });
    if (pageToken) q.set('pageToken', pageToken);
    const res = await get(`/v4/${fake.locationPath()}/reviews?${q}`, accessToken);
    expect(res.status).toBe(200);
    const page = (await res.json()) as ReviewPage;
    pages.push(page);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return { pages, reviews: pages.flatMap((p) => p.reviews ?? []) };
}

describe('fake Google: OAuth', () => {
  it('redirects consent to the redirect URI with a code and the state', async () => {
    const res = await fetch(consentUrl(), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('code')).toMatch(/^4\//);
    expect(location.searchParams.get('state')).toBe('signed-state-123');
  });

  it('answers access_denied when consent is refused, and refuses incomplete consent requests', async () => {
    fake.state.consent = 'deny';
    const denied = new URL((await fetch(consentUrl(), { redirect: 'manual' })).headers.get('location')!);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('signed-state-123');
    expect(denied.searchParams.has('code')).toBe(false);

    fake.state.consent = 'allow';
    const incomplete: Record<string, string | null>[] = [
      { client_id: 'someone-else' },
      { prompt: null },
      { access_type: 'online' },
      { scope: 'email' },
      { state: null },
      { response_type: 'token' },
    ];
    for (const bad of incomplete) {
      const res = await fetch(consentUrl(bad), { redirect: 'manual' });
      expect(res.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
    }
  });

  it('exchanges a code once and refreshes the access token', async () => {
    const consent = await fetch(consentUrl(), { redirect: 'manual' });
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const form = {
      grant_type: 'authorization_code',
      code,
      client_id: fake.state.clientId,
      client_secret: fake.state.clientSecret,
      redirect_uri: REDIRECT,
    };
    expect((await postForm('/token', { ...form, redirect_uri: 'http://evil.example/cb' })).status).toBe(400);
    expect((await postForm('/token', { ...form, client_secret: 'wrong' })).status).toBe(401);
    const res = await postForm('/token', form);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ expires_in: expect.any(Number), scope: BUSINESS_MANAGE_SCOPE, token_type: 'Bearer' });
    expect(tokens.expires_in).toBeGreaterThan(3000);
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.refresh_token).toEqual(expect.any(String));
    // A code is single-use.
    const again = await postForm('/token', form);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });

    const refreshed = await postForm('/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
      client_id: fake.state.clientId,
      client_secret: fake.state.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as Record<string, unknown>;
    expect(next).toMatchObject({ token_type: 'Bearer', scope: BUSINESS_MANAGE_SCOPE });
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(next).not.toHaveProperty('refresh_token');
    expect((await get('/v1/accounts', next.access_token as string)).status).toBe(200);
  });

  it('answers invalid_grant on refresh when switched on, for unknown tokens and after revoke', async () => {
    const { refresh_token, access_token } = await connect();
    const refresh = (token: string) =>
      postForm('/token', {
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: fake.state.clientId,
        client_secret: fake.state.clientSecret,
      });
    const invalid = { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' };

    fake.state.invalidGrant = true;
    let res = await refresh(refresh_token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(invalid);
    fake.state.invalidGrant = false;

    res = await refresh('1//0unknown');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(invalid);

    expect((await refresh(refresh_token)).status).toBe(200);
    const revoked = await fetch(`${fake.url}/revoke?token=${encodeURIComponent(refresh_token)}`, { method: 'POST' });
    expect(revoked.status).toBe(200);
    expect(fake.state.refreshTokens.get(refresh_token)?.revoked).toBe(true);
    res = await refresh(refresh_token);
    expect(await res.json()).toEqual(invalid);
    expect((await get('/v1/accounts', access_token)).status).toBe(401);
  });
});

describe('fake Google: APIs', () => {
  it('answers 401 UNAUTHENTICATED without a valid Bearer token', async () => {
    for (const token of [undefined, 'ya29.not-issued']) {
      const res = await get('/v1/accounts', token);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    }
    const { access_token } = await connect();
    fake.expireAccessTokens();
    expect((await get(`/v4/${fake.locationPath()}/reviews`, access_token)).status).toBe(401);
  });

  it('lists accounts and locations with paging, numeric ids of 18+ digits and a required readMask', async () => {
    await fake.close();
    fake = await startFakeGoogle({ accounts: 25, locationsPerAccount: 1 });
    fake.addLocation(fake.account.name, { title: 'Second shop' });
    const { access_token } = await connect();

    const first = (await (await get('/v1/accounts?pageSize=50', access_token)).json()) as {
      accounts: { name: string; accountName: string; type: string }[];
      nextPageToken?: string;
    };
    expect(first.accounts).toHaveLength(20);
    expect(first.accounts[0]).toEqual({ name: expect.stringMatching(/^accounts\/\d{18,}$/), accountName: expect.any(String), type: 'PERSONAL' });
    const second = (await (await get(`/v1/accounts?pageToken=${first.nextPageToken}`, access_token)).json()) as { accounts: unknown[]; nextPageToken?: string };
    expect(second.accounts).toHaveLength(5);
    expect(second).not.toHaveProperty('nextPageToken');

    const base = `/v1/${fake.account.name}/locations`;
    const noMask = await get(base, access_token);
    expect(noMask.status).toBe(400);
    expect(await noMask.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });

    const page1 = (await (await get(`${base}?readMask=name,title,metadata&pageSize=1`, access_token)).json()) as Record<string, any>;
    expect(page1.totalSize).toBe(2);
    expect(page1.locations).toEqual([
      {
        name: expect.stringMatching(/^locations\/\d{18,}$/),
        title: "Joe's Bakery",
        metadata: {
          placeId: expect.stringMatching(/^ChIJ/),
          mapsUri: expect.stringMatching(/^https:\/\//),
          newReviewUri: expect.stringMatching(/^https:\/\//),
        },
      },
    ]);
    const page2 = (await (await get(`${base}?readMask=name,title&pageSize=1&pageToken=${page1.nextPageToken}`, access_token)).json()) as Record<string, any>;
    expect(page2.locations).toEqual([{ name: expect.stringMatching(/^locations\/\d{18,}$/), title: 'Second shop' }]);
    expect(page2).not.toHaveProperty('nextPageToken');
  });

  it('pages 120 reviews over three pages in updateTime order, in the documented format', async () => {
    const { access_token } = await connect();
    const { pages, reviews } = await allReviews(access_token);
    expect(pages.map((p) => p.reviews?.length)).toEqual([50, 50, 20]);
    expect(pages[2]).not.toHaveProperty('nextPageToken');
    expect(pages[0]!.totalReviewCount).toBe(120);
    expect(pages[0]!.averageRating).toEqual(expect.any(Number));
    expect(new Set(reviews.map((r) => r.reviewId)).size).toBe(120);
    const times = reviews.map((r) => Date.parse(r.updateTime.replace(/(\.\d{3})\d+Z$/, '$1Z')));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(fake.calls('/v4/', 'GET')).toHaveLength(3);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', query: { pageSize: '50', pageToken: expect.any(String) } });

    const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/;
    for (const r of reviews) {
      expect(r.name).toBe(`${fake.locationPath()}/reviews/${r.reviewId}`);
      expect(['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE']).toContain(r.starRating);
      expect(r.createTime).toMatch(rfc3339);
      expect(r.updateTime).toMatch(rfc3339);
      // As Google does: a named reviewer carries no isAnonymous at all.
      if ('isAnonymous' in r.reviewer) expect(r.reviewer).toEqual({ isAnonymous: true });
      else expect(r.reviewer).toEqual({ displayName: expect.any(String), profilePhotoUrl: expect.stringMatching(/^https:/) });
      if (r.reviewReply) expect(r.reviewReply).toEqual({ comment: expect.any(String), updateTime: expect.stringMatching(rfc3339) });
    }
    expect(reviews.some((r) => 'isAnonymous' in r.reviewer)).toBe(true);
    expect(reviews.some((r) => !('comment' in r))).toBe(true);
    expect(reviews.some((r) => r.reviewReply)).toBe(true);
  });

  it('puts an edited review first with a new updateTime, and drops a deleted one', async () => {
    const { access_token } = await connect();
    const before = (await allReviews(access_token)).reviews;
    const old = before.at(-1)!;
    const gone = before[10]!;
    fake.editReview(old.reviewId, { starRating: 'TWO', comment: 'Changed my mind', reply: 'Sorry to hear that' });
    expect(fake.deleteReview(gone.reviewId)).toBe(true);

    const after = (await allReviews(access_token)).reviews;
    expect(after).toHaveLength(119);
    expect(after[0]).toMatchObject({ reviewId: old.reviewId, starRating: 'TWO', comment: 'Changed my mind', reviewReply: { comment: 'Sorry to hear that' } });
    expect(after[0]!.updateTime).not.toBe(old.updateTime);
    expect(after[0]!.createTime).toBe(old.createTime);
    expect(after.find((r) => r.reviewId === gone.reviewId)).toBeUndefined();
    const deleted = await get(`/v4/${fake.locationPath()}/reviews/${gone.reviewId}`, access_token);
    expect(deleted.status).toBe(404);

    const added = fake.addReview({ isAnonymous: true, starRating: 'FIVE' });
    const latest = (await allReviews(access_token)).reviews;
    expect(latest[0]).toEqual({
      name: added.name,
      reviewId: added.reviewId,
      reviewer: { isAnonymous: true },
      starRating: 'FIVE',
      createTime: added.createTime,
      updateTime: added.updateTime,
    });
  });

  it('answers 429 RESOURCE_EXHAUSTED on every API call when quota is zero', async () => {
    const { access_token } = await connect();
    fake.state.quotaZero = true;
    for (const path of ['/v1/accounts', `/v1/${fake.account.name}/locations?readMask=name`, `/v4/${fake.locationPath()}/reviews`]) {
      const res = await get(path, access_token);
      expect(res.status).toBe(429);
      const body = (await res.json()) as { error: { code: number; message: string; status: string } };
      expect(body.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
      expect(body.error.message).toMatch(/^Quota exceeded for quota metric 'Requests per minute'/);
    }
    fake.state.quotaZero = false;
    expect((await get('/v1/accounts', access_token)).status).toBe(200);
  });

  it('answers failNext transient 503s, then recovers', async () => {
    const { access_token } = await connect();
    fake.state.failNext = 2;
    const path = `/v4/${fake.locationPath()}/reviews`;
    for (let i = 0; i < 2; i++) {
      const res = await get(path, access_token);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: 503, status: 'UNAVAILABLE' } });
    }
    expect((await get(path, access_token)).status).toBe(200);
    expect(fake.state.failNext).toBe(0);
    expect(fake.calls(path)).toHaveLength(3);
  });

  it('answers {} for a location without reviews', async () => {
    const { access_token } = await connect();
    const empty = fake.addLocation();
    const res = await get(`/v4/${fake.account.name}/${empty.name}/reviews`, access_token);
    expect(await res.json()).toEqual({});
  });
});

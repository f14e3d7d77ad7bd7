import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake of the Google endpoints that the Google Business Profile integration uses, in the formats of
// INTEGRATIONS.md ("Google Business Profile"), on one loopback base URL:
//   GOOGLE_AUTH_URL=`${url}/o/oauth2/v2/auth`  GOOGLE_TOKEN_URL=`${url}/token`  GOOGLE_REVOKE_URL=`${url}/revoke`
//   GBP_ACCOUNTS_API = GBP_LOCATIONS_API = GBP_REVIEWS_API = url
// The consent screen has no UI: it answers 302 to the redirect URI at once (granted, or access_denied when
// `state.consent = 'deny'`). Tests flip switches on `state` (quotaZero, failNext, invalidGrant) and change
// the reviews with the helpers; `requests` records every request so a test can count calls.
// Like the real APIs (proto3 JSON), empty lists and zero counts are left out of the answers: a location with
// no reviews answers `{}`.
// Run directly (`node tests/fakes/google-server.ts`) it listens on FAKE_GOOGLE_PORT (default 4010) with
// three reviews, for trying the whole flow in a browser.

export const BUSINESS_MANAGE_SCOPE = 'https://www.googleapis.com/auth/business.manage';

export type StarRating = 'STAR_RATING_UNSPECIFIED' | 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE';
export const STAR_RATINGS: readonly StarRating[] = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];

export interface FakeAccount {
  /** `accounts/{18+ digits}` */
  name: string;
  accountName: string;
  type: 'PERSONAL' | 'LOCATION_GROUP' | 'ORGANIZATION' | 'USER_GROUP';
}

export interface FakeLocation {
  /** `locations/{18+ digits}` (the v1 name; the v4 reviews path is `accounts/{a}/locations/{l}`). */
  name: string;
  title: string;
  metadata: { placeId: string; mapsUri: string; newReviewUri: string };
}

export interface FakeReview {
  name: string;
  reviewId: string;
  /** As Google sends it: a named reviewer has no isAnonymous at all (proto3 JSON leaves defaults out). */
  reviewer: { displayName: string; profilePhotoUrl: string } | { isAnonymous: true };
  starRating: StarRating;
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
}

export interface NewReview {
  displayName?: string;
  profilePhotoUrl?: string;
  isAnonymous?: boolean;
  starRating?: StarRating;
  /** null or absent: a rating-only review. */
  comment?: string | null;
  reply?: string | null;
  /** Defaults to the fake's clock (each new review or edit is one minute after the last). */
  createTime?: string;
}

export interface ReviewEdit {
  starRating?: StarRating;
  comment?: string | null;
  reply?: string | null;
}

export interface FakeGoogleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Whether an `Authorization: Bearer ...` header came with it (not its value). */
  bearer: boolean;
  at: number;
}

export interface FakeGoogleState {
  clientId: string;
  clientSecret: string;
  /** When non-empty, the only redirect URIs accepted; otherwise any absolute http(s) URL. */
  redirectUris: string[];
  consent: 'allow' | 'deny';
  /** Every API call (accounts, locations, reviews) answers 429 RESOURCE_EXHAUSTED. */
  quotaZero: boolean;
  /** The next N API calls answer 503 UNAVAILABLE (counts down). */
  failNext: number;
  /** Every refresh answers 400 invalid_grant. */
  invalidGrant: boolean;
  accounts: FakeAccount[];
  /** Locations by account name (`accounts/...`). */
  locations: Map<string, FakeLocation[]>;
  /** Reviews by v4 location path (`accounts/{a}/locations/{l}`), in insertion order. */
  reviews: Map<string, FakeReview[]>;
  /** Entries that are no review (null, malformed), served on the first page of a location's list. */
  junk: Map<string, unknown[]>;
  /** reviewIds deleted with deleteReview (their GET answers 404). */
  deletedReviews: Set<string>;
  codes: Map<string, { clientId: string; redirectUri: string; scope: string; used: boolean; expiresAt: number }>;
  refreshTokens: Map<string, { scope: string; revoked: boolean }>;
  accessTokens: Map<string, { refreshToken: string; scope: string; expiresAt: number; revoked: boolean }>;
  /** The fake's clock for review times (ms since epoch); moves one minute per new review or edit. */
  clock: number;
  /** Each account's notification setting (the Notifications API's one per account), by account name. */
  notificationSettings: Map<string, { pubsubTopic: string; notificationTypes: string[] }>;
}

/**
 * Where the fake publishes its notifications: Cloud Pub/Sub's topics (tests/fakes/pubsub-pusher.ts).
 * Without one, any topic of the right form is accepted and nothing is published.
 */
export interface FakePubSubTopics {
  topic(name: string): { googleMayPublish: boolean } | undefined;
  publish(topic: string, notification: unknown): string;
}

export interface FakeGoogleOptions {
  /** Default 0: a free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris?: string[];
  /** How many accounts to create (default 1). */
  accounts?: number;
  /** How many locations under each account (default 1). */
  locationsPerAccount?: number;
  /** How many reviews to create on the first location (default 0). */
  reviews?: number;
}

export interface FakeGoogle {
  url: string;
  port: number;
  state: FakeGoogleState;
  requests: FakeGoogleRequest[];
  close(): Promise<void>;
  /** The first account and the first location of it. */
  readonly account: FakeAccount;
  readonly location: FakeLocation;
  /** `accounts/{a}/locations/{l}` of the first location, or of the one given by its v1 name or id. */
  locationPath(location?: string): string;
  addAccount(account?: Partial<Omit<FakeAccount, 'name'>>): FakeAccount;
  addLocation(accountName?: string, location?: { title?: string }): FakeLocation;
  /** Adds a review, newer than everything so far; `location` is a v4 path, a v1 name or an id. */
  addReview(review?: NewReview, location?: string): FakeReview;
  /** Puts an entry that is no review (null, a malformed object) on the first page of the list. */
  addJunkEntry(entry: unknown, location?: string): void;
  /** Adds `count` varied reviews (some anonymous, some rating-only, some replied). */
  addReviews(count: number, location?: string): FakeReview[];
  /** Changes a review and gives it a new updateTime (so it comes first in the list). */
  editReview(reviewId: string, edit?: ReviewEdit): FakeReview;
  deleteReview(reviewId: string): boolean;
  findReview(reviewId: string): FakeReview | undefined;
  /** Makes every access token issued so far expired (the next API call with one answers 401). */
  expireAccessTokens(): void;
  /** Requests whose path starts with `prefix` (e.g. '/v4/'), optionally of one method. */
  calls(prefix: string, method?: string): FakeGoogleRequest[];
  /** Publishes a notification for each review added or changed from now on, as the account's setting asks. */
  publishTo(pubsub: FakePubSubTopics): void;
}

const LOCATION_FIELDS = new Set([
  'name',
  'languageCode',
  'storeCode',
  'title',
  'phoneNumbers',
  'categories',
  'storefrontAddress',
  'websiteUri',
  'regularHours',
  'specialHours',
  'serviceArea',
  'labels',
  'adWordsLocationExtensions',
  'latlng',
  'openInfo',
  'metadata',
  'profile',
  'relationshipData',
  'moreHours',
  'serviceItems',
]);
const SERVICES: Record<string, string> = {
  notifications: 'mybusinessnotifications.googleapis.com',
  accounts: 'mybusinessaccountmanagement.googleapis.com',
  locations: 'mybusinessbusinessinformation.googleapis.com',
  reviews: 'mybusiness.googleapis.com',
};
const FIRST_NAMES = ['Sam', 'Alex', 'Maria', 'Jordan', 'Priya', 'Chen', 'Fatima', 'Luca', 'Noor', 'Kim', 'Olu', 'Ines'];
const COMMENTS = [
  'Great croissants',
  'Friendly staff and quick service.',
  'A bit pricey but worth it. Café au lait 👍',
  'Would come again!',
  'Waited 20 minutes, coffee was cold.',
  'Best sourdough in town.\nHighly recommended.',
];

let idCounter = 0;
/** A numeric id of 18 to 21 digits, unique within the process. */
function numericId(): string {
  idCounter += 1;
  const digits = 18 + (idCounter % 4);
  const head = String(100000 + ((idCounter * 7919) % 900000));
  return (head + String(idCounter).padStart(digits - head.length, '0')).slice(0, digits);
}
function opaque(prefix: string, bytes = 24): string {
  return prefix + randomBytes(bytes).toString('base64url');
}
/** RFC 3339 with 0, 3 or 9 fractional digits, like Google's answers. */
function rfc3339(ms: number, variant: number): string {
  const iso = new Date(ms).toISOString(); // 2025-05-01T10:00:00.000Z
  if (variant % 3 === 0) return iso.replace(/\.\d{3}Z$/, 'Z');
  if (variant % 3 === 1) return iso;
  return iso.replace(/Z$/, `${String(variant % 1_000_000).padStart(6, '0')}Z`);
}

export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const state: FakeGoogleState = {
    clientId: options.clientId ?? 'fake-client-id.apps.googleusercontent.com',
    clientSecret: options.clientSecret ?? 'fake-client-secret',
    redirectUris: options.redirectUris ?? [],
    consent: 'allow',
    quotaZero: false,
    failNext: 0,
    invalidGrant: false,
    accounts: [],
    locations: new Map(),
    reviews: new Map(),
    junk: new Map(),
    deletedReviews: new Set(),
    codes: new Map(),
    refreshTokens: new Map(),
    accessTokens: new Map(),
    clock: Date.parse('2025-05-01T10:00:00Z'),
    notificationSettings: new Map(),
  };
  let pubsub: FakePubSubTopics | undefined;

  /**
   * A NEW_REVIEW or UPDATED_REVIEW notification to the account's topic, when its setting asks for it.
   * The JSON inside the message is UNVERIFIED (INTEGRATIONS.md "Real-time"): the documented fields,
   * the review's and the location's resource names, under their proto3 JSON spelling.
   */
  function notify(type: 'NEW_REVIEW' | 'UPDATED_REVIEW', review: FakeReview) {
    const account = review.name.split('/').slice(0, 2).join('/');
    const setting = state.notificationSettings.get(account);
    if (!pubsub || !setting?.pubsubTopic || !setting.notificationTypes.includes(type)) return;
    pubsub.publish(setting.pubsubTopic, { type, locationName: review.name.replace(/\/reviews\/[^/]+$/, ''), reviewName: review.name });
  }
  const requests: FakeGoogleRequest[] = [];
  let reviewCounter = 0;

  const tick = (): number => (state.clock += 60_000);
  const idOf = (name: string) => name.slice(name.lastIndexOf('/') + 1);

  function addAccount(account: Partial<Omit<FakeAccount, 'name'>> = {}): FakeAccount {
    const created: FakeAccount = {
      name: `accounts/${numericId()}`,
      accountName: account.accountName ?? `Fake Owner ${state.accounts.length + 1}`,
      type: account.type ?? 'PERSONAL',
    };
    state.accounts.push(created);
    state.locations.set(created.name, []);
    return created;
  }

  function addLocation(accountName = state.accounts[0]?.name, location: { title?: string } = {}): FakeLocation {
    const list = accountName ? state.locations.get(accountName) : undefined;
    if (!accountName || !list) throw new Error(`Unknown account ${accountName}`);
    const id = numericId();
    const placeId = `ChIJ${randomBytes(18).toString('base64url').slice(0, 23)}`;
    const created: FakeLocation = {
      name: `locations/${id}`,
      title: location.title ?? (list.length === 0 && accountName === state.accounts[0]?.name ? "Joe's Bakery" : `Fake Shop ${id.slice(-4)}`),
      metadata: {
        placeId,
        mapsUri: `https://maps.google.com/maps?cid=${id}`,
        newReviewUri: `https://search.google.com/local/writereview?placeid=${placeId}`,
      },
    };
    list.push(created);
    state.reviews.set(`${accountName}/locations/${id}`, []);
    return created;
  }

  function locationPath(location?: string): string {
    if (!location) {
      const first = state.accounts[0];
      const loc = first && state.locations.get(first.name)?.[0];
      if (!first || !loc) throw new Error('The fake has no location');
      return `${first.name}/locations/${idOf(loc.name)}`;
    }
    if (state.reviews.has(location)) return location;
    const id = idOf(location);
    for (const path of state.reviews.keys()) if (idOf(path) === id) return path;
    throw new Error(`Unknown location ${location}`);
  }

  function addReview(review: NewReview = {}, location?: string): FakeReview {
    const path = locationPath(location);
    reviewCounter += 1;
    const n = reviewCounter;
    const updateMs = tick();
    const reviewId = `AbFvOq${randomBytes(27).toString('base64url')}`;
    const anonymous = review.isAnonymous ?? false;
    const created: FakeReview = {
      name: `${path}/reviews/${reviewId}`,
      reviewId,
      reviewer: anonymous
        ? { isAnonymous: true }
        : {
            displayName: review.displayName ?? `${FIRST_NAMES[n % FIRST_NAMES.length]} ${String.fromCharCode(65 + (n % 26))}.`,
            profilePhotoUrl: review.profilePhotoUrl ?? `https://lh3.googleusercontent.com/a/fake-${n}=s120-c-rp-mo-br100`,
          },
      starRating: review.starRating ?? 'FIVE',
      createTime: review.createTime ?? rfc3339(updateMs, n),
      updateTime: rfc3339(updateMs, n),
    };
    if (review.comment != null) created.comment = review.comment;
    if (review.reply != null) created.reviewReply = { comment: review.reply, updateTime: rfc3339(updateMs + 1000, n + 1) };
    state.reviews.get(path)!.push(created);
    notify('NEW_REVIEW', created);
    return created;
  }

  function addJunkEntry(entry: unknown, location?: string): void {
    const path = locationPath(location);
    state.junk.set(path, [...(state.junk.get(path) ?? []), entry]);
  }

  function addReviews(count: number, location?: string): FakeReview[] {
    const added: FakeReview[] = [];
    for (let i = 0; i < count; i++) {
      const n = reviewCounter + 1;
      added.push(
        addReview(
          {
            isAnonymous: n % 9 === 0,
            starRating: STAR_RATINGS[(n * 3) % 5 < 2 ? 4 : (n * 3) % 5],
            comment: n % 4 === 0 ? null : COMMENTS[n % COMMENTS.length],
            reply: n % 5 === 0 ? `Thanks for your review!` : null,
          },
          location,
        ),
      );
    }
    return added;
  }

  function findEntry(reviewId: string): { list: FakeReview[]; index: number } | undefined {
    for (const list of state.reviews.values()) {
      const index = list.findIndex((r) => r.reviewId === reviewId);
      if (index >= 0) return { list, index };
    }
    return undefined;
  }

  function editReview(reviewId: string, edit: ReviewEdit = {}): FakeReview {
    const entry = findEntry(reviewId);
    if (!entry) throw new Error(`Unknown review ${reviewId}`);
    const review = entry.list[entry.index]!;
    const ms = tick();
    if (edit.starRating) review.starRating = edit.starRating;
    if (edit.comment === null) delete review.comment;
    else review.comment = edit.comment ?? `${review.comment ?? ''} (edited)`.trim();
    if (edit.reply === null) delete review.reviewReply;
    else if (edit.reply !== undefined) review.reviewReply = { comment: edit.reply, updateTime: rfc3339(ms, 2) };
    review.updateTime = rfc3339(ms, 2); // 9 fractional digits
    notify('UPDATED_REVIEW', review);
    return review;
  }

  function deleteReview(reviewId: string): boolean {
    const entry = findEntry(reviewId);
    if (!entry) return false;
    entry.list.splice(entry.index, 1);
    state.deletedReviews.add(reviewId);
    return true;
  }

  for (let a = 0; a < (options.accounts ?? 1); a++) {
    const account = addAccount();
    for (let l = 0; l < (options.locationsPerAccount ?? 1); l++) addLocation(account.name);
  }
  if (options.reviews) addReviews(options.reviews);

  // ---- HTTP ----

  function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body, null, 2));
  }
  function apiError(res: ServerResponse, code: number, status: string, message: string, extra: Record<string, unknown> = {}) {
    const headers: Record<string, string> = code === 401 ? { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' } : {};
    json(res, code, { error: { code, message, status, ...extra } }, headers);
  }
  function consentError(res: ServerResponse, status: number, error: string, detail: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Error ${status}: ${error}</title><h1>Access blocked: authorization error</h1><p>Error ${status}: ${error}</p><p>${detail}</p>`,
    );
  }
  function pageToken(scope: string, offset: number) {
    return Buffer.from(`${scope}|${offset}`).toString('base64url');
  }
  function readPage(scope: string, query: URLSearchParams, max: number, fallback: number) {
    const size = Number(query.get('pageSize') ?? fallback);
    if (!Number.isInteger(size) || size < 0) return { error: 'Invalid pageSize' } as const;
    const token = query.get('pageToken');
    let offset = 0;
    if (token) {
      const [tokenScope, raw] = Buffer.from(token, 'base64url').toString().split('|');
      offset = Number(raw);
      if (tokenScope !== scope || !Number.isInteger(offset) || offset < 0) return { error: 'Invalid page token' } as const;
    }
    return { offset, size: Math.min(size || fallback, max) } as const;
  }
  function paged<T>(scope: string, items: T[], page: { offset: number; size: number }) {
    const slice = items.slice(page.offset, page.offset + page.size);
    const next = page.offset + page.size < items.length ? pageToken(scope, page.offset + page.size) : undefined;
    return { slice, next };
  }
  function bearerToken(req: IncomingMessage): string | null {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    return match ? match[1]! : null;
  }
  async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if ((req.headers['content-type'] ?? '').includes('json') && text.trim()) {
      return new URLSearchParams(Object.entries(JSON.parse(text) as Record<string, string>).map(([k, v]) => [k, String(v)]));
    }
    return new URLSearchParams(text);
  }

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  function issueAccessToken(refreshToken: string, scope: string): string {
    const token = opaque('ya29.a0Fake');
    state.accessTokens.set(token, { refreshToken, scope, expiresAt: Date.now() + 3600_000, revoked: false });
    return token;
  }

  function consent(res: ServerResponse, q: URLSearchParams) {
    const clientId = q.get('client_id');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (clientId !== state.clientId) return consentError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    let redirect: URL;
    try {
      redirect = new URL(redirectUri);
      if (!/^https?:$/.test(redirect.protocol)) throw new Error('scheme');
    } catch {
      return consentError(res, 400, 'invalid_request', `Invalid parameter value for redirect_uri: ${redirectUri}`);
    }
    if (state.redirectUris.length && !state.redirectUris.includes(redirectUri)) {
      return consentError(res, 400, 'redirect_uri_mismatch', `redirect_uri=${redirectUri}`);
    }
    if (q.get('response_type') !== 'code') return consentError(res, 400, 'unsupported_response_type', 'response_type must be code');
    const scope = q.get('scope') ?? '';
    if (!scope.split(/\s+/).includes(BUSINESS_MANAGE_SCOPE)) return consentError(res, 400, 'invalid_scope', `scope must include ${BUSINESS_MANAGE_SCOPE}`);
    if (q.get('access_type') !== 'offline') return consentError(res, 400, 'invalid_request', 'access_type must be offline (fake)');
    if (!(q.get('prompt') ?? '').split(/\s+/).includes('consent')) return consentError(res, 400, 'invalid_request', 'prompt must be consent (fake)');
    const stateParam = q.get('state');
    if (!stateParam) return consentError(res, 400, 'invalid_request', 'state is required (fake)');
    if (state.consent === 'deny') {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const code = opaque('4/0AfakeCode', 30);
      state.codes.set(code, { clientId, redirectUri, scope, used: false, expiresAt: Date.now() + 10 * 60_000 });
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('scope', scope);
    }
    redirect.searchParams.set('state', stateParam);
    res.writeHead(302, { location: redirect.toString() });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    let clientId = body.get('client_id');
    let clientSecret = body.get('client_secret');
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
    }
    if (clientId !== state.clientId || clientSecret !== state.clientSecret) {
      return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    const grantType = body.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = state.codes.get(body.get('code') ?? '');
      if (!code || code.used || code.expiresAt < Date.now() || code.clientId !== clientId) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      }
      if (body.get('redirect_uri') !== code.redirectUri) {
        return json(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      }
      code.used = true;
      const refreshToken = opaque('1//0gFakeRefresh', 40);
      state.refreshTokens.set(refreshToken, { scope: code.scope, revoked: false });
      return json(res, 200, {
        access_token: issueAccessToken(refreshToken, code.scope),
        expires_in: 3600,
        refresh_token: refreshToken,
        scope: code.scope,
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = body.get('refresh_token') ?? '';
      const known = state.refreshTokens.get(refreshToken);
      if (state.invalidGrant || !known || known.revoked) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      }
      return json(res, 200, {
        access_token: issueAccessToken(refreshToken, known.scope),
        expires_in: 3600,
        scope: known.scope,
        token_type: 'Bearer',
      });
    }
    return json(res, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grantType ?? ''}` });
  }

  async function revoke(req: IncomingMessage, res: ServerResponse, q: URLSearchParams) {
    const body = await readBody(req);
    const value = q.get('token') ?? body.get('token') ?? '';
    const access = state.accessTokens.get(value);
    const refreshToken = access ? access.refreshToken : state.refreshTokens.has(value) ? value : null;
    if (!refreshToken) return json(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    // Revoking either token revokes the whole grant.
    state.refreshTokens.get(refreshToken)!.revoked = true;
    for (const a of state.accessTokens.values()) if (a.refreshToken === refreshToken) a.revoked = true;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end('{}');
  }

  /** Auth, quota and transient failures common to every API call; true when an answer was sent. */
  function apiGate(req: IncomingMessage, res: ServerResponse, api: keyof typeof SERVICES): boolean {
    const value = bearerToken(req);
    const access = value ? state.accessTokens.get(value) : undefined;
    if (!access || access.revoked || access.expiresAt <= Date.now()) {
      apiError(
        res,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      );
      return true;
    }
    if (state.failNext > 0) {
      state.failNext -= 1;
      apiError(res, 503, 'UNAVAILABLE', 'The service is currently unavailable.');
      return true;
    }
    if (state.quotaZero) {
      const service = SERVICES[api]!;
      apiError(
        res,
        429,
        'RESOURCE_EXHAUSTED',
        `Quota exceeded for quota metric 'Requests per minute' and limit 'Requests per minute per project' of service '${service}' for consumer 'project_number:123456789012'.`,
        {
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'RATE_LIMIT_EXCEEDED',
              domain: 'googleapis.com',
              metadata: {
                quota_metric: `${service}/default_requests`,
                quota_limit: 'DefaultRequestsPerMinutePerProject',
                quota_limit_value: '0',
                consumer: 'projects/123456789012',
                service,
              },
            },
          ],
        },
      );
      return true;
    }
    return false;
  }

  function updateMs(review: FakeReview): number {
    // Date.parse keeps milliseconds; the nanosecond tail only ever decorates a distinct minute here.
    return Date.parse(review.updateTime.replace(/(\.\d{3})\d+Z$/, '$1Z'));
  }

  /**
   * PATCH /v1/accounts/{a}/notificationSetting (the Notifications API). Its refusals name Google's
   * error codes (PUBLISH_PERMISSIONS_MISSING_FOR_PUBSUB_TOPIC, INVALID_PUBSUB_TOPIC); how they are
   * wrapped (an ErrorInfo reason, the status) is UNVERIFIED.
   */
  function notificationSetting(res: ServerResponse, accountName: string, q: URLSearchParams, body: Record<string, unknown>) {
    if (!state.locations.has(accountName)) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
    const mask = (q.get('updateMask') ?? '').split(',').filter(Boolean);
    if (mask.length === 0 || mask.some((field) => field !== 'pubsubTopic' && field !== 'notificationTypes')) {
      return apiError(res, 400, 'INVALID_ARGUMENT', `Invalid update mask: ${q.get('updateMask') ?? ''}`);
    }
    if (body.name !== `${accountName}/notificationSetting`) return apiError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
    const topic = typeof body.pubsubTopic === 'string' ? body.pubsubTopic : '';
    const types = Array.isArray(body.notificationTypes) ? body.notificationTypes.map(String) : [];
    const refuse = (status: string, reason: string, message: string) =>
      apiError(res, 400, status, message, {
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'mybusinessnotifications.googleapis.com' }],
      });
    if (topic && (!/^projects\/[^/]+\/topics\/[^/]+$/.test(topic) || (pubsub && !pubsub.topic(topic)))) {
      return refuse('INVALID_ARGUMENT', 'INVALID_PUBSUB_TOPIC', `Invalid pubsub topic: ${topic}`);
    }
    if (topic && pubsub && !pubsub.topic(topic)?.googleMayPublish) {
      return refuse('FAILED_PRECONDITION', 'PUBLISH_PERMISSIONS_MISSING_FOR_PUBSUB_TOPIC', `Publish permissions are missing for the pubsub topic: ${topic}`);
    }
    const setting = { pubsubTopic: topic, notificationTypes: types };
    state.notificationSettings.set(accountName, setting);
    return json(res, 200, {
      name: `${accountName}/notificationSetting`,
      ...(topic ? { pubsubTopic: topic } : {}),
      ...(types.length ? { notificationTypes: types } : {}),
    });
  }

  function api(req: IncomingMessage, res: ServerResponse, path: string, q: URLSearchParams, body: Promise<URLSearchParams>) {
    let m: RegExpExecArray | null;
    if ((m = /^\/v1\/(accounts\/[^/]+)\/notificationSetting$/.exec(path))) {
      if (apiGate(req, res, 'notifications')) return;
      const accountName = m[1]!;
      if (req.method === 'GET') {
        const setting = state.notificationSettings.get(accountName);
        return json(res, 200, { name: `${accountName}/notificationSetting`, ...setting });
      }
      if (req.method === 'PATCH') return void readJson(req).then((b) => notificationSetting(res, accountName, q, b));
    }
    if (req.method === 'GET' && path === '/v1/accounts') {
      if (apiGate(req, res, 'accounts')) return;
      const page = readPage('accounts', q, 20, 20);
      if ('error' in page) return apiError(res, 400, 'INVALID_ARGUMENT', page.error!);
      const { slice, next } = paged('accounts', state.accounts, page);
      const answer: Record<string, unknown> = {};
      if (slice.length) answer.accounts = slice;
      if (next) answer.nextPageToken = next;
      return json(res, 200, answer);
    }
    if (req.method === 'GET' && (m = /^\/v1\/accounts\/([^/]+)\/locations$/.exec(path))) {
      if (apiGate(req, res, 'locations')) return;
      const accountName = `accounts/${m[1]}`;
      const readMask = q.get('readMask');
      if (!readMask)
        return apiError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', {
          details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'read_mask', description: 'Field is required' }] }],
        });
      const fields = readMask.split(',').map((f) => f.trim().split('.')[0]!);
      if (fields.some((f) => !LOCATION_FIELDS.has(f))) return apiError(res, 400, 'INVALID_ARGUMENT', `Invalid field mask provided: ${readMask}`);
      const list = state.locations.get(accountName);
      if (!list) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      const page = readPage(`locations:${accountName}`, q, 100, 10);
      if ('error' in page) return apiError(res, 400, 'INVALID_ARGUMENT', page.error!);
      const { slice, next } = paged(`locations:${accountName}`, list, page);
      const answer: Record<string, unknown> = {};
      if (slice.length) {
        answer.locations = slice.map((loc) => Object.fromEntries(Object.entries(loc).filter(([k]) => fields.includes(k))));
      }
      if (next) answer.nextPageToken = next;
      if (list.length) answer.totalSize = list.length;
      return json(res, 200, answer);
    }
    if ((m = /^\/v4\/(accounts\/[^/]+\/locations\/[^/]+)\/reviews(?:\/([^/]+)(\/reply)?)?$/.exec(path))) {
      if (apiGate(req, res, 'reviews')) return;
      const list = state.reviews.get(m[1]!);
      if (!list) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      const reviewId = m[2];
      if (!reviewId && req.method === 'GET') {
        const scope = `reviews:${m[1]}`;
        const page = readPage(scope, q, 50, 50);
        if ('error' in page) return apiError(res, 400, 'INVALID_ARGUMENT', page.error!);
        const ordered = [...list].sort((a, b) => updateMs(b) - updateMs(a));
        const { slice, next } = paged(scope, ordered, page);
        const answer: Record<string, unknown> = {};
        const junk = q.get('pageToken') ? [] : (state.junk.get(m[1]!) ?? []);
        if (slice.length || junk.length) answer.reviews = [...slice, ...junk];
        if (list.length) {
          const stars = list.map((r) => STAR_RATINGS.indexOf(r.starRating) + 1).filter((s) => s > 0);
          if (stars.length) answer.averageRating = Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10;
          answer.totalReviewCount = list.length;
        }
        if (next) answer.nextPageToken = next;
        return json(res, 200, answer);
      }
      const review = reviewId ? list.find((r) => r.reviewId === reviewId) : undefined;
      if (!review) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      if (!m[3] && req.method === 'GET') return json(res, 200, review);
      if (m[3] && req.method === 'PUT') {
        return void body.then((b) => {
          const comment = b.get('comment') ?? '';
          if (!comment || Buffer.byteLength(comment) > 4096) return apiError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
          review.reviewReply = { comment, updateTime: rfc3339(tick(), 1) };
          json(res, 200, review.reviewReply);
        });
      }
      if (m[3] && req.method === 'DELETE') {
        delete review.reviewReply;
        return json(res, 200, {});
      }
    }
    return apiError(res, 404, 'NOT_FOUND', `Method not found: ${req.method} ${path}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      bearer: bearerToken(req) !== null,
      at: Date.now(),
    });
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return consent(res, url.searchParams);
    if (req.method === 'POST' && url.pathname === '/token') return token(req, res);
    if (req.method === 'POST' && url.pathname === '/revoke') return revoke(req, res, url.searchParams);
    return api(req, res, url.pathname, url.searchParams, req.method === 'PUT' ? readBody(req) : Promise.resolve(new URLSearchParams()));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) apiError(res, 500, 'INTERNAL', String(error));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    state,
    requests,
    get account() {
      return state.accounts[0]!;
    },
    get location() {
      return state.locations.get(state.accounts[0]!.name)![0]!;
    },
    locationPath,
    addAccount,
    addLocation,
    addReview,
    addJunkEntry,
    addReviews,
    editReview,
    deleteReview,
    findReview: (reviewId) => {
      const entry = findEntry(reviewId);
      return entry ? entry.list[entry.index] : undefined;
    },
    expireAccessTokens() {
      for (const a of state.accessTokens.values()) a.expiresAt = 0;
    },
    calls: (prefix, method) => requests.filter((r) => r.path.startsWith(prefix) && (!method || r.method === method)),
    publishTo: (topics) => {
      pubsub = topics;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app's environment (INTEGRATIONS.md variables) that points every Google endpoint at a fake on `url`. */
export function fakeGoogleEnv(url: string, clientId: string, clientSecret: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_CLIENT_SECRET: clientSecret,
    GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${url}/token`,
    GOOGLE_REVOKE_URL: `${url}/revoke`,
    GBP_ACCOUNTS_API: url,
    GBP_LOCATIONS_API: url,
    GBP_REVIEWS_API: url,
    GBP_NOTIFICATIONS_API: url,
  };
}

if (import.meta.main) {
  const fake = await startFakeGoogle({
    port: Number(process.env.FAKE_GOOGLE_PORT ?? 4010),
    clientId: process.env.GOOGLE_CLIENT_ID,
    clientSecret: process.env.GOOGLE_CLIENT_SECRET,
    reviews: Number(process.env.FAKE_GOOGLE_REVIEWS ?? 3),
  });
  const { url } = fake;
  console.log(`Fake Google on ${url} (account ${fake.account.name}, location ${fake.location.name})`);
  console.log('Start the app beside it with:');
  const env = Object.entries(fakeGoogleEnv(url, fake.state.clientId, fake.state.clientSecret)).map(([k, v]) => `${k}=${v}`);
  console.log(`  ${env.join(' ')} DEFAULT_PLAN=team npm start`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

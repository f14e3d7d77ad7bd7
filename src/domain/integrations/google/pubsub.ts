import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { logError } from '#platform/log/log.ts';

// Business Profile notifications pushed by Cloud Pub/Sub (issue 30; INTEGRATIONS.md "Google"). Each
// push carries `Authorization: Bearer <JWT>`, an OpenID Connect token Google signs (RS256) for the
// push subscription's service account, and the envelope
// `{ message: { data (base64 JSON), attributes, messageId, publishTime }, subscription }`. What the
// notification inside names is UNVERIFIED: every spelling seen in the wild is read, and one that
// names nothing readable is still a reason to look (the caller syncs).

/** Google's ID-token issuers, with and without the scheme (both are documented). */
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export interface PushAuth {
  /** The `aud` the push subscription puts in its tokens. */
  audience: string;
  /** The push subscription's service account: the token's verified `email`. */
  account: string;
  keys: JWTVerifyGetKey;
}

const keySets = new Map<string, JWTVerifyGetKey>();

/**
 * Google's signing keys published at `certsUrl`, fetched on first use and cached; a token signed with
 * a key id not seen yet fetches them again (at most every 30 s: Google rotates keys, a forger cannot
 * make us fetch in a loop).
 */
export function googleSigningKeys(certsUrl: string): JWTVerifyGetKey {
  let keys = keySets.get(certsUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(certsUrl), { cooldownDuration: 30_000, cacheMaxAge: 6 * 60 * 60 * 1000, timeoutDuration: 5_000 });
    keySets.set(certsUrl, keys);
  }
  return keys;
}

export type PushAuthResult = { ok: true } | { ok: false; status: 401 | 403 | 503; message: string };

/** Whether a push comes from the configured subscription, as Google signs it. */
export async function verifyPushToken(authorization: string | null, auth: PushAuth): Promise<PushAuthResult> {
  const token = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!token) return { ok: false, status: 401, message: 'A Pub/Sub push must carry the bearer token Google signs' };
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, auth.keys, { issuer: GOOGLE_ISSUERS, audience: auth.audience, algorithms: ['RS256'] }));
  } catch (error) {
    // Google's keys could not be read: nothing is known about the token, and Pub/Sub will push again.
    if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
      logError("A Google push could not be checked: Google's signing keys could not be read", error);
      return { ok: false, status: 503, message: "Google's signing keys could not be read; the push is to be sent again" };
    }
    return { ok: false, status: 401, message: pushTokenProblem(error) };
  }
  if (claims.email !== auth.account || claims.email_verified !== true) {
    return { ok: false, status: 403, message: 'The push token is not from the configured push service account' };
  }
  return { ok: true };
}

function pushTokenProblem(error: errors.JOSEError): string {
  if (error instanceof errors.JWTExpired) return 'The push token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) return `The push token's ${error.claim} is not the one expected`;
  return 'The push token is not signed by Google';
}

/** A Business Profile notification, as far as it can be read. */
export interface PushNotification {
  messageId: string;
  /** NEW_REVIEW, UPDATED_REVIEW, ...; null when unnamed. */
  type: string | null;
  /** The review's resource name, accounts/{a}/locations/{l}/reviews/{r}. */
  reviewName: string | null;
  accountId: string | null;
  locationId: string | null;
}

export type PushRead = { ok: true; notification: PushNotification } | { ok: false; message: string };

const TYPE_KEYS = ['notificationType', 'notification_type', 'type'];
const REVIEW_KEYS = ['reviewName', 'review_name', 'reviewResourceName', 'review_resource_name', 'review', 'name'];
const LOCATION_KEYS = ['locationName', 'location_name', 'locationResourceName', 'location_resource_name', 'location'];
const RESOURCE = /(?:^|\/)(?:accounts\/([^/\s]+)\/)?locations\/([^/\s]+)/;

/** The envelope of a push, and the notification in its data (and attributes). */
export function readPush(body: unknown): PushRead {
  const message = record(record(body)?.message);
  if (!message) return { ok: false, message: 'The body is not a Pub/Sub push: it has no message' };
  const messageId = text(message.messageId) ?? text(message.message_id);
  if (!messageId || messageId.length > 200) return { ok: false, message: 'The Pub/Sub message has no messageId' };
  const places = [decodeData(message.data), record(message.attributes)];
  const review = first(places, REVIEW_KEYS, (value) => /\/reviews\//.test(value));
  const location = first(places, LOCATION_KEYS, (value) => RESOURCE.test(value)) ?? review;
  const ids = location ? RESOURCE.exec(location) : null;
  return {
    ok: true,
    notification: {
      messageId,
      type: first(places, TYPE_KEYS, () => true),
      reviewName: review,
      accountId: ids?.[1] ?? null,
      locationId: ids?.[2] ?? null,
    },
  };
}

/** The message's data as the JSON object it holds; null when it holds none. */
function decodeData(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string' || data.length > 64_000) return null;
  try {
    return record(JSON.parse(Buffer.from(data, 'base64').toString('utf8')));
  } catch {
    return null;
  }
}

function first(places: (Record<string, unknown> | null)[], keys: string[], fits: (value: string) => boolean): string | null {
  for (const place of places) {
    for (const key of keys) {
      const value = text(place?.[key]);
      if (value && fits(value)) return value;
    }
  }
  return null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= 1000 ? value.trim() : null;
}

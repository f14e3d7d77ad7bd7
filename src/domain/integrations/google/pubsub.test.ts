import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPush, verifyPushToken, type PushAuth } from './pubsub.ts';

// What Pub/Sub sends with a push (INTEGRATIONS.md "Google"): an OpenID Connect token of the push
// subscription's service account, signed RS256 by Google with a key of its JWKS, and the envelope.

const ACCOUNT = 'push@review-challenge.iam.gserviceaccount.com';
const AUDIENCE = 'https://reviews.example/api/webhooks/google/pubsub';

let googleKey: CryptoKey;
let otherKey: CryptoKey;
let auth: PushAuth;

beforeAll(async () => {
  const google = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  googleKey = google.privateKey;
  otherKey = other.privateKey;
  const jwk: JWK = { ...(await exportJWK(google.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
  auth = { audience: AUDIENCE, account: ACCOUNT, keys: createLocalJWKSet({ keys: [jwk] }) };
});

async function token(claims: Record<string, unknown> = {}, options: { key?: CryptoKey; kid?: string; expiresIn?: string } = {}) {
  return new SignJWT({ email: ACCOUNT, email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'google-1', typ: 'JWT' })
    .setIssuer(String(claims.iss ?? 'https://accounts.google.com'))
    .setAudience(String(claims.aud ?? AUDIENCE))
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.key ?? googleKey);
}

describe('verifyPushToken', () => {
  it("lets in the configured account's token, signed by Google, for this audience, from either issuer spelling", async () => {
    expect(await verifyPushToken(`Bearer ${await token()}`, auth)).toEqual({ ok: true });
    expect(await verifyPushToken(`Bearer ${await token({ iss: 'accounts.google.com' })}`, auth)).toEqual({ ok: true });
  });

  it('refuses no token, another signer, another audience, another issuer, an expired token and an unknown key', async () => {
    const refused = async (authorization: string | null) => {
      const result = await verifyPushToken(authorization, auth);
      return result.ok ? 'let in' : result.status;
    };
    expect(await refused(null)).toBe(401);
    expect(await refused('Basic dXNlcjpwYXNz')).toBe(401);
    expect(await refused(`Bearer ${await token({}, { key: otherKey })}`)).toBe(401);
    expect(await refused(`Bearer ${await token({ aud: 'https://elsewhere.example/push' })}`)).toBe(401);
    expect(await refused(`Bearer ${await token({ iss: 'https://evil.example' })}`)).toBe(401);
    expect(await refused(`Bearer ${await token({}, { expiresIn: '-10 minutes' })}`)).toBe(401);
    expect(await refused(`Bearer ${await token({}, { kid: 'not-google' })}`)).toBe(401);
  });

  it("asks Pub/Sub to push again (503) when Google's keys cannot be read", async () => {
    const unreachable: PushAuth = { ...auth, keys: async () => Promise.reject(new TypeError('fetch failed')) };
    expect(await verifyPushToken(`Bearer ${await token()}`, unreachable)).toMatchObject({ ok: false, status: 503 });
  });

  it('refuses another service account, or one whose email is not verified', async () => {
    expect(await verifyPushToken(`Bearer ${await token({ email: 'someone@else.iam.gserviceaccount.com' })}`, auth)).toMatchObject({ ok: false, status: 403 });
    expect(await verifyPushToken(`Bearer ${await token({ email_verified: false })}`, auth)).toMatchObject({ ok: false, status: 403 });
  });
});

const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({
  message: {
    data: typeof data === 'string' ? data : Buffer.from(JSON.stringify(data)).toString('base64'),
    messageId: '2070443601311540',
    message_id: '2070443601311540',
    publishTime: '2026-11-29T00:00:00.000Z',
    publish_time: '2026-11-29T00:00:00.000Z',
    ...extra,
  },
  subscription: 'projects/review-challenge/subscriptions/gbp-push',
});

describe('readPush', () => {
  it('reads the documented notification and the spellings seen in the wild', () => {
    const named = {
      messageId: '2070443601311540',
      type: 'NEW_REVIEW',
      reviewName: 'accounts/111/locations/222/reviews/r-1',
      accountId: '111',
      locationId: '222',
    };
    const forms = [
      { type: 'NEW_REVIEW', review: 'accounts/111/locations/222/reviews/r-1', location: 'accounts/111/locations/222' },
      { notificationType: 'NEW_REVIEW', reviewName: 'accounts/111/locations/222/reviews/r-1', locationName: 'accounts/111/locations/222' },
      { notification_type: 'NEW_REVIEW', review_name: 'accounts/111/locations/222/reviews/r-1' },
      { notificationType: 'NEW_REVIEW', reviewResourceName: 'accounts/111/locations/222/reviews/r-1', locationResourceName: 'accounts/111/locations/222' },
    ];
    for (const data of forms) expect(readPush(envelope(data)), JSON.stringify(data)).toEqual({ ok: true, notification: named });
    // The names in the message's attributes instead of its data.
    expect(readPush(envelope('', { attributes: { notificationType: 'UPDATED_REVIEW', locationName: 'locations/333' } }))).toEqual({
      ok: true,
      notification: { messageId: '2070443601311540', type: 'UPDATED_REVIEW', reviewName: null, accountId: null, locationId: '333' },
    });
  });

  it('reads a notification it cannot make out as one that names nothing, never as an error', () => {
    for (const data of ['bm90IGpzb24=', '', { something: 'else' }, [1, 2]]) {
      expect(readPush(envelope(data))).toEqual({
        ok: true,
        notification: { messageId: '2070443601311540', type: null, reviewName: null, accountId: null, locationId: null },
      });
    }
  });

  it('refuses a body that is no Pub/Sub push', () => {
    expect(readPush({})).toMatchObject({ ok: false });
    expect(readPush({ message: { data: '' } })).toMatchObject({ ok: false, message: 'The Pub/Sub message has no messageId' });
    expect(readPush(null)).toMatchObject({ ok: false });
  });
});

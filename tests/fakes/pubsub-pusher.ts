import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

// Cloud Pub/Sub's push to an endpoint, as Google documents it (INTEGRATIONS.md "Google"): a POST with
// `Authorization: Bearer <OIDC token>` signed RS256 for the push subscription's service account, and
// the envelope `{ message: { data, attributes, messageId, message_id, publishTime, publish_time },
// subscription }`. Its signing key is published as a JWKS in Google's format (keys of kty RSA, alg
// RS256, use sig, kid), which the product reads from GOOGLE_OIDC_CERTS_URL.

export interface TokenOptions {
  audience: string;
  email?: string;
  emailVerified?: boolean;
  issuer?: string;
  /** jose's time span ("1h", "-5 minutes"). */
  expiresIn?: string;
  /** Sign with a key Google never published. */
  forged?: boolean;
}

export async function startFakePubSub() {
  const google = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(google.publicKey)), kid: 'fake-google-key-1', alg: 'RS256', use: 'sig' };
  let certsFetched = 0;
  const server = createServer((req, res) => {
    if (req.url !== '/oauth2/v3/certs') {
      res.writeHead(404).end();
      return;
    }
    certsFetched += 1;
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'public, max-age=22053, must-revalidate, no-transform' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const account = 'gbp-push@review-challenge-test.iam.gserviceaccount.com';
  let messages = 0;

  async function token(options: TokenOptions): Promise<string> {
    return new SignJWT({ email: options.email ?? account, email_verified: options.emailVerified ?? true, azp: '1234567890', sub: '1234567890' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(options.forged ? stranger.privateKey : google.privateKey);
  }

  /** A push of `notification` (the message's data) to `url`; `authorization` replaces the signed token. */
  async function push(
    url: string,
    notification: unknown,
    options: { messageId?: string; token?: Partial<TokenOptions>; authorization?: string | null } = {},
  ): Promise<{ status: number; body: { message?: string }; messageId: string }> {
    messages += 1;
    const messageId = options.messageId ?? String(9_000_000_000 + messages);
    const authorization = options.authorization === undefined ? `Bearer ${await token({ audience: url, ...options.token })}` : options.authorization;
    const publishTime = new Date().toISOString();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({
        message: {
          data: Buffer.from(JSON.stringify(notification)).toString('base64'),
          attributes: {},
          messageId,
          message_id: messageId,
          publishTime,
          publish_time: publishTime,
        },
        subscription: 'projects/review-challenge-test/subscriptions/gbp-reviews-push',
      }),
    });
    return { status: response.status, body: (await response.json()) as { message?: string }, messageId };
  }

  return {
    certsUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`,
    account,
    token,
    push,
    certsFetched: () => certsFetched,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

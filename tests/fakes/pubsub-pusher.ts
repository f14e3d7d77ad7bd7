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

/** One push attempt of a published message: its endpoint's answer, or none. */
export interface Delivery {
  messageId: string;
  endpoint: string;
  status: number | 'unreachable';
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
    if (!options.messageId) messages += 1;
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
    return { status: response.status, body: (await response.json().catch(() => ({}))) as { message?: string }, messageId };
  }

  // ---- Topics and push subscriptions, for the fake Business Profile's publishing ----

  const topics = new Map<string, { googleMayPublish: boolean }>();
  const subscriptions: { topic: string; endpoint: string }[] = [];
  const unacked = new Set<Promise<void>>();
  const deliveries: Delivery[] = [];
  const listeners = new Set<(delivery: Delivery) => void>();
  let closed = false;

  /** A topic; `googleMayPublish: false` leaves out the publisher role of Google's service account. */
  function createTopic(name: string, options: { googleMayPublish?: boolean } = {}) {
    topics.set(name, { googleMayPublish: options.googleMayPublish ?? true });
  }

  /** A push subscription with authentication on: its tokens' audience is the endpoint. */
  function subscribe(topic: string, endpoint: string) {
    subscriptions.push({ topic, endpoint });
  }

  /**
   * Publishes `notification` to every push subscription of `topic`, each pushed until it is
   * acknowledged (102, 200, 201, 202 or 204), again and again after a growing wait, as Pub/Sub
   * redelivers: an endpoint that is down gets the message when it is back.
   */
  function publish(topic: string, notification: unknown): string {
    messages += 1;
    const messageId = String(9_000_000_000 + messages);
    for (const { endpoint } of subscriptions.filter((s) => s.topic === topic)) {
      const pushing = (async () => {
        for (let attempt = 0; !closed; attempt++) {
          let status: number | 'unreachable';
          try {
            status = (await push(endpoint, notification, { messageId })).status;
          } catch {
            status = 'unreachable';
          }
          const delivery: Delivery = { messageId, endpoint, status };
          deliveries.push(delivery);
          for (const listener of listeners) listener(delivery);
          if (typeof status === 'number' && [102, 200, 201, 202, 204].includes(status)) return;
          await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt)));
        }
      })();
      unacked.add(pushing);
      void pushing.finally(() => unacked.delete(pushing));
    }
    return messageId;
  }

  return {
    createTopic,
    topic: (name: string) => topics.get(name),
    subscribe,
    publish,
    /** Resolves once every message published so far is acknowledged. */
    acknowledged: async () => {
      while (unacked.size) await Promise.all([...unacked]);
    },
    /** Every push attempt, in order: its message, endpoint and answer. */
    deliveries: () => deliveries,
    /** Calls `listener` as each push attempt of a published message is answered (or finds no one); answers a function that stops it. */
    onDelivery: (listener: (delivery: Delivery) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    certsUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`,
    account,
    token,
    push,
    certsFetched: () => certsFetched,
    close: () => {
      closed = true;
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

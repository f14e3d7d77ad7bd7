import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake of the few Stripe API calls billing makes (INTEGRATIONS.md "Stripe"), in Stripe's formats:
// form-encoded POST bodies in bracket notation (`line_items[0][price]=price_team`), JSON answers with
// `object` and prefixed ids (`cs_test_...`, `sub_...`, `cus_...`, `bps_...`), errors as
// `{"error": {"type", "code", "message", "param"}}`. The stripe package reaches it through its
// `host`/`port`/`protocol` options (the app's STRIPE_API_BASE).
//   POST /v1/checkout/sessions              checkout.sessions.create
//   POST /v1/billing_portal/sessions        billingPortal.sessions.create
//   GET  /v1/subscriptions/{id}             subscriptions.retrieve
// What a customer does on Stripe's pages is done with the helpers (completeCheckout, updateSubscription,
// cancelSubscription), and `stripeEvent` + `signStripeEvent` make the webhook Stripe would then send,
// signed as Stripe signs it: `Stripe-Signature: t={unix seconds},v1={hex HMAC-SHA256(secret, t + "." + body)}`.

export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';

type Json = Record<string, unknown>;

export interface FakeCheckoutSession extends Json {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
}

export interface FakeSubscription extends Json {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string };
}

interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: { id: string; object: 'price'; currency: string; recurring: { interval: 'month'; interval_count: 1 }; active: true };
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form body parsed from bracket notation (objects and arrays), or the query of a GET. */
  params: Json;
  /** The raw form body, as the stripe package sent it. */
  raw: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  /** Every API call, oldest first. */
  requests: FakeStripeRequest[];
  checkoutSessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** The price asked for by each checkout session (`line_items[0][price]`). */
  sessionPrices: Map<string, string>;
  /** The next calls answer this HTTP status with a Stripe api_error (for "Stripe is down"). */
  failNext(count: number, status?: number): void;
  /** The customer paid on Stripe's page: a customer and an active subscription of the session's price. */
  completeCheckout(sessionId: string, options?: { customer?: string; status?: string }): { session: FakeCheckoutSession; subscription: FakeSubscription };
  /** A change made in the Billing Portal (or by Stripe): another price, or another status. */
  updateSubscription(id: string, change: { price?: string; status?: string }): FakeSubscription;
  /** The subscription ends (customer.subscription.deleted follows). */
  cancelSubscription(id: string): FakeSubscription;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * Parses an application/x-www-form-urlencoded body in Stripe's bracket notation into nested values:
 * `line_items[0][price]=p&metadata[plan]=team` → `{line_items: [{price: 'p'}], metadata: {plan: 'team'}}`.
 */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const container = node as Record<string, unknown>;
      const slot = Array.isArray(node) ? Number(segment) : segment;
      if (last) {
        (container as Record<string | number, unknown>)[slot] = value;
        return;
      }
      (container as Record<string | number, unknown>)[slot] ??= nextIsIndex ? [] : {};
      node = (container as Record<string | number, unknown>)[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, type: string, message: string, extra: { code?: string; param?: string } = {}) {
  send(res, status, {
    error: { type, message, ...extra, doc_url: extra.code ? `https://docs.stripe.com/error-codes/${extra.code.replace(/_/g, '-')}` : undefined },
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export async function startFakeStripe(options: { secretKey?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake_0123456789';
  const requests: FakeStripeRequest[] = [];
  const checkoutSessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const sessionPrices = new Map<string, string>();
  /** subscription_data[metadata] of each checkout session: the subscription it creates carries it. */
  const subscriptionMetadataBySession = new Map<string, Record<string, string>>();
  let failures: { count: number; status: number } = { count: 0, status: 500 };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const raw = await readBody(req);
    const params = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      raw,
      authorization: req.headers.authorization,
      idempotencyKey: text(req.headers['idempotency-key']) ?? undefined,
    });

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    if (failures.count > 0) {
      failures.count -= 1;
      return stripeError(res, failures.status, 'api_error', 'An unknown error occurred.');
    }

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const lineItems = Array.isArray(params.line_items) ? (params.line_items as Json[]) : [];
      const price = text(lineItems[0]?.price);
      if (!price)
        return stripeError(res, 400, 'invalid_request_error', 'Missing required param: line_items[0][price].', {
          code: 'parameter_missing',
          param: 'line_items[0][price]',
        });
      if (params.mode !== 'subscription' && params.mode !== 'payment' && params.mode !== 'setup') {
        return stripeError(res, 400, 'invalid_request_error', 'Invalid mode.', { code: 'parameter_invalid_empty', param: 'mode' });
      }
      const sessionId = id('cs_test');
      const session: FakeCheckoutSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: String(params.mode),
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: text(params.client_reference_id),
        customer: text(params.customer),
        customer_email: text(params.customer_email),
        subscription: null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        success_url: text(params.success_url),
        cancel_url: text(params.cancel_url),
        url: `${fake.url}/c/pay/${sessionId}`,
        currency: 'aud',
        livemode: false,
        created: now(),
        expires_at: now() + 24 * 3600,
      };
      checkoutSessions.set(sessionId, session);
      sessionPrices.set(sessionId, price);
      const subscriptionMetadata = ((params.subscription_data as Json | undefined)?.metadata as Record<string, string> | undefined) ?? {};
      subscriptionMetadataBySession.set(sessionId, subscriptionMetadata);
      return send(res, 200, session);
    }

    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const customer = text(params.customer);
      if (!customer)
        return stripeError(res, 400, 'invalid_request_error', 'Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
      const sessionId = id('bps');
      return send(res, 200, {
        id: sessionId,
        object: 'billing_portal.session',
        configuration: 'bpc_fake',
        created: now(),
        customer,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: text(params.return_url),
        url: `${fake.url}/p/session/${sessionId}`,
      });
    }

    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && subscriptionPath) {
      const subscription = subscriptions.get(decodeURIComponent(subscriptionPath[1]!));
      if (!subscription) {
        return stripeError(res, 404, 'invalid_request_error', `No such subscription: '${subscriptionPath[1]}'`, { code: 'resource_missing', param: 'id' });
      }
      return send(res, 200, subscription);
    }

    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const item = (subscriptionId: string, price: string): FakeSubscriptionItem => ({
    id: id('si'),
    object: 'subscription_item',
    price: { id: price, object: 'price', currency: 'aud', recurring: { interval: 'month', interval_count: 1 }, active: true },
    quantity: 1,
    subscription: subscriptionId,
    current_period_start: now(),
    current_period_end: now() + 30 * 24 * 3600,
  });

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    checkoutSessions,
    subscriptions,
    sessionPrices,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    completeCheckout(sessionId, opts = {}) {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`No checkout session ${sessionId}`);
      const customer = opts.customer ?? session.customer ?? id('cus');
      const subscriptionId = id('sub');
      const subscription: FakeSubscription = {
        id: subscriptionId,
        object: 'subscription',
        customer,
        status: opts.status ?? 'active',
        metadata: subscriptionMetadataBySession.get(sessionId) ?? {},
        cancel_at_period_end: false,
        canceled_at: null,
        created: now(),
        currency: 'aud',
        livemode: false,
        items: {
          object: 'list',
          data: [item(subscriptionId, sessionPrices.get(sessionId)!)],
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
        },
      };
      subscriptions.set(subscriptionId, subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: subscriptionId });
      return { session: structuredClone(session), subscription: structuredClone(subscription) };
    },
    updateSubscription(subscriptionId, change) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
      if (change.price) subscription.items.data = [item(subscriptionId, change.price)];
      if (change.status) subscription.status = change.status;
      return structuredClone(subscription);
    },
    cancelSubscription(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return structuredClone(subscription);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** The app's environment for billing through this fake. */
export function fakeStripeEnv(fake: FakeStripe, webhookSecret: string, prices = FAKE_PRICES): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_STARTER: prices.starter,
    STRIPE_PRICE_TEAM: prices.team,
    STRIPE_PRICE_AGENCY: prices.agency,
    STRIPE_API_BASE: fake.url,
  };
}

export const FAKE_PRICES = { starter: 'price_fake_starter', team: 'price_fake_team', agency: 'price_fake_agency' };

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Json; previous_attributes?: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** An event as Stripe sends it to a webhook endpoint (a snapshot event: the object as it was). */
export function stripeEvent(type: string, object: Json, overrides: Partial<StripeEvent> = {}): StripeEvent {
  return {
    id: id('evt'),
    object: 'event',
    api_version: FAKE_STRIPE_API_VERSION,
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...overrides,
  };
}

/** The Stripe-Signature header for a body: `t=...,v1=HMAC-SHA256(secret, t + "." + body)` in hex. */
export function stripeSignature(body: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** An event's body and its header, signed as Stripe signs a delivery. */
export function signStripeEvent(event: StripeEvent, secret: string, timestamp?: number): { body: string; signature: string } {
  const body = JSON.stringify(event, null, 2);
  return { body, signature: stripeSignature(body, secret, timestamp) };
}

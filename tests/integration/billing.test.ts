import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewRequests, stripeEvents, teams, workspaces } from '#platform/db/schema.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { insertRequest } from '../helpers/seed-requests.ts';
import {
  FAKE_PRICES,
  fakeStripeEnv,
  signStripeEvent,
  startFakeStripe,
  stripeEvent,
  stripeSignature,
  type FakeStripe,
  type StripeEvent,
} from '../fakes/stripe-server.ts';

// Issue 12, billing: Stripe Checkout and the Billing Portal through the fake Stripe API, and the
// webhook that sets the plan from signed events (INTEGRATIONS.md "Stripe").

const WEBHOOK_SECRET = 'whsec_billing_test_secret_0123456789';

async function postWebhook(app: TestApp, body: string, headers: Record<string, string>) {
  const response = await fetch(`${app.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body,
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

function deliver(app: TestApp, event: StripeEvent, extraHeaders: Record<string, string> = {}) {
  const { body, signature } = signStripeEvent(event, WEBHOOK_SECRET);
  return postWebhook(app, body, { 'stripe-signature': signature, ...extraHeaders });
}

describe('billing with Stripe', () => {
  let app: TestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startApp(fakeStripeEnv(fake, WEBHOOK_SECRET));
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const stored = async (workspaceId: number) => {
    const [row] = await app.database.db
      .select({
        plan: workspaces.plan,
        trialEndsAt: workspaces.trialEndsAt,
        customer: workspaces.stripeCustomerId,
        subscription: workspaces.stripeSubscriptionId,
      })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row!;
  };
  const eventCount = async () => (await app.database.db.select({ n: count() }).from(stripeEvents))[0]!.n;

  /** A workspace on a Starter trial whose owner went through Checkout for `plan` and paid. */
  async function subscribed(plan: 'starter' | 'team' | 'agency' = 'team') {
    const admin = await signUpAdmin(app, { plan: 'starter' });
    const checkout = await admin.client.post('/api/admin/billing/checkout', { plan });
    expect(checkout.status).toBe(200);
    const sessionId = checkout.json.url.split('/').at(-1) as string;
    const { session, subscription } = fake.completeCheckout(sessionId);
    const completed = stripeEvent('checkout.session.completed', session);
    return { ...admin, session, subscription, completed };
  }

  it('starts Checkout for a plan and answers the url of the Stripe page', async () => {
    const { client, workspace, workspaceId } = await signUpAdmin(app, { plan: 'starter' });
    const res = await client.post('/api/admin/billing/checkout', { plan: 'team' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ url: expect.stringMatching(new RegExp(`^${fake.url}/c/pay/cs_test_`)) });

    const call = fake.requests.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: `Bearer ${fake.secretKey}` });
    expect(call.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: FAKE_PRICES.team, quantity: '1' }],
      client_reference_id: String(workspaceId),
      metadata: { workspace_id: String(workspaceId), plan: 'team' },
      subscription_data: { metadata: { workspace_id: String(workspaceId), plan: 'team' } },
      customer_email: workspace.email,
      success_url: `${app.url}/${workspace.slug}/admin?billing=success`,
      cancel_url: `${app.url}/${workspace.slug}/admin?billing=cancelled`,
    });
    // Nothing changes until Stripe says the customer paid.
    expect((await client.get('/api/admin/plan')).json).toMatchObject({ plan: 'starter', trialEndsAt: expect.any(String) });
  });

  it('refuses a plan that is not sold, and callers who are not admin', async () => {
    const { client, workspace } = await signUpAdmin(app);
    for (const plan of ['free', 'gold', 7, undefined]) {
      const res = await client.post('/api/admin/billing/checkout', { plan });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'Plan must be starter, team or agency', field: 'plan' });
    }
    expect((await client.request('POST', '/api/admin/billing/checkout', undefined, { raw: '{"plan":' })).status).toBe(400);

    const staff = new Client(app.url, { origin: app.url });
    await staff.post('/api/auth/login', { slug: workspace.slug, password: workspace.password });
    expect((await staff.post('/api/admin/billing/checkout', { plan: 'team' })).status).toBe(403);
    expect((await staff.post('/api/admin/billing/portal')).status).toBe(403);
    expect((await new Client(app.url).post('/api/admin/billing/checkout', { plan: 'team' })).status).toBe(401);
  });

  it('sets the paid plan from a signed checkout.session.completed, ending the trial', async () => {
    const { client, workspaceId, subscription, completed } = await subscribed('team');
    expect((await client.get('/api/admin/plan')).json).toMatchObject({ plan: 'starter', billing: { hasSubscription: false } });

    const res = await deliver(app, completed);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ received: true });

    const plan = (await client.get('/api/admin/plan')).json;
    expect(plan).toEqual({
      plan: 'team',
      trialEndsAt: null,
      limits: { teams: 5, wallboards: 1, autoMatch: true, branding: true },
      billing: { configured: true, hasSubscription: true, hasCustomer: true, plans: ['starter', 'team', 'agency'] },
    });
    expect(await stored(workspaceId)).toMatchObject({ plan: 'team', trialEndsAt: null, customer: subscription.customer, subscription: subscription.id });
    // The webhook read the subscription's current state from the API.
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscription.id}`)).toBe(true);
  });

  it("follows customer.subscription.updated to the subscription's current price, whatever the event carried", async () => {
    const { client, subscription, completed } = await subscribed('team');
    await deliver(app, completed);
    // The portal moved it to Agency; the event's snapshot is stale (still Team): the API is what counts.
    fake.updateSubscription(subscription.id, { price: FAKE_PRICES.agency });
    expect((await deliver(app, stripeEvent('customer.subscription.updated', subscription))).status).toBe(200);
    expect((await client.get('/api/admin/plan')).json).toMatchObject({ plan: 'agency', trialEndsAt: null, limits: { wallboards: 10 } });

    const down = fake.updateSubscription(subscription.id, { price: FAKE_PRICES.starter });
    expect((await deliver(app, stripeEvent('customer.subscription.updated', down))).status).toBe(200);
    expect((await client.get('/api/admin/plan')).json.plan).toBe('starter');
  });

  it('drops to free on customer.subscription.deleted, keeping every team and request', async () => {
    const { client, workspaceId, subscription, completed } = await subscribed('team');
    await deliver(app, completed);
    expect((await client.post('/api/teams', { name: 'Front Desk', color: '#10B981' })).status).toBe(201);
    await insertRequest(app, workspaceId);
    await insertRequest(app, workspaceId);

    const ended = fake.cancelSubscription(subscription.id);
    const res = await deliver(app, stripeEvent('customer.subscription.deleted', ended));
    expect(res.status).toBe(200);
    expect((await client.get('/api/admin/plan')).json).toMatchObject({
      plan: 'free',
      trialEndsAt: null,
      billing: { hasSubscription: false, hasCustomer: true },
    });
    expect(await stored(workspaceId)).toMatchObject({ plan: 'free', subscription: null, customer: subscription.customer });
    const names = (await app.database.db.select({ name: teams.name }).from(teams).where(eq(teams.workspaceId, workspaceId))).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Unknown', 'Front Desk']));
    expect((await app.database.db.select({ n: count() }).from(reviewRequests).where(eq(reviewRequests.workspaceId, workspaceId)))[0]!.n).toBe(2);
  });

  it('changes nothing when an event is delivered again', async () => {
    const { client, workspace, workspaceId, subscription, completed } = await subscribed('team');
    await deliver(app, completed);
    const updated = stripeEvent('customer.subscription.updated', fake.updateSubscription(subscription.id, { price: FAKE_PRICES.agency }));
    await deliver(app, updated);
    expect((await client.get('/api/admin/plan')).json.plan).toBe('agency');

    // The operator moves the workspace by hand; a replay of either event must not undo that.
    await app.database.db.update(workspaces).set({ plan: 'starter' }).where(eq(workspaces.slug, workspace.slug));
    const events = await eventCount();
    const calls = fake.requests.length;
    for (const event of [updated, completed]) {
      const again = await deliver(app, event);
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ received: true, duplicate: true });
    }
    expect((await stored(workspaceId)).plan).toBe('starter');
    expect(await eventCount()).toBe(events);
    expect(fake.requests.length).toBe(calls);
  });

  it('links a subscription whose own event arrives before the checkout’s', async () => {
    const { client, workspaceId, subscription, completed } = await subscribed('agency');
    expect((await deliver(app, stripeEvent('customer.subscription.created', subscription))).status).toBe(200);
    expect((await client.get('/api/admin/plan')).json).toMatchObject({ plan: 'agency', trialEndsAt: null });
    expect((await deliver(app, completed)).status).toBe(200);
    expect(await stored(workspaceId)).toMatchObject({ plan: 'agency', subscription: subscription.id, customer: subscription.customer });
  });

  it('refuses unsigned, wrongly signed, stale and unreadable deliveries, changing nothing', async () => {
    const { client, workspaceId, completed } = await subscribed('agency');
    const before = await stored(workspaceId);
    const events = await eventCount();
    const body = JSON.stringify(completed);
    const now = Math.floor(Date.now() / 1000);
    const attempts: Record<string, string>[] = [
      {},
      { 'stripe-signature': '' },
      { 'stripe-signature': 'nonsense' },
      { 'stripe-signature': stripeSignature(body, 'whsec_someone_else') },
      { 'stripe-signature': stripeSignature(body.replace('agency', 'team '), WEBHOOK_SECRET) },
      { 'stripe-signature': stripeSignature(body, WEBHOOK_SECRET, now - 6 * 60) },
      { 'stripe-signature': `t=${now},v1=${'0'.repeat(64)}` },
    ];
    for (const headers of attempts) {
      const res = await postWebhook(app, body, headers);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: expect.any(String) });
    }
    // Signed, but not an event.
    for (const odd of [
      'not json',
      '[]',
      '{"id":"evt_x","type":"checkout.session.completed"}',
      '{"id":"evt_y","type":"customer.subscription.updated","data":{"object":{"id":5}}}',
    ]) {
      const res = await postWebhook(app, odd, { 'stripe-signature': stripeSignature(odd, WEBHOOK_SECRET) });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: expect.any(String) });
    }
    expect(await stored(workspaceId)).toEqual(before);
    expect(await eventCount()).toBe(events);
    expect((await client.get('/api/admin/plan')).json.plan).toBe('starter');
  });

  // Issue 27, item 8: stripe 23's errors are named "Error", and the answer said "The event could not be read".
  it('answers "Invalid Stripe signature" to an event signed by the stripe package with another secret', async () => {
    const { completed } = await subscribed('team');
    const payload = JSON.stringify(completed);
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_this_products' });
    const res = await postWebhook(app, payload, { 'stripe-signature': signature });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid Stripe signature' });
  });

  // Issue 27, item 6: another product sold from the same Stripe account dropped a trial to free and took the customer.
  it("ignores subscriptions for a price that is none of this product's plans, binding nothing", async () => {
    const { workspaceId } = await signUpAdmin(app, { plan: 'team' });
    const before = await stored(workspaceId);
    expect(before.trialEndsAt).not.toBeNull();
    const foreign = (status: string) => ({
      id: 'sub_other_product',
      object: 'subscription',
      status,
      customer: 'cus_other_product',
      metadata: { workspace_id: String(workspaceId) },
      items: { object: 'list', data: [{ id: 'si_other', object: 'subscription_item', price: { id: 'price_other_product', object: 'price' } }] },
    });
    fake.subscriptions.set('sub_other_product', foreign('active') as never);
    for (const event of [stripeEvent('customer.subscription.created', foreign('active')), stripeEvent('customer.subscription.deleted', foreign('canceled'))]) {
      const res = await deliver(app, event);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ received: true, ignored: true });
    }
    expect(await stored(workspaceId)).toEqual(before);
  });

  it('answers 200 to event types it does not use, and to a checkout of no workspace of ours', async () => {
    const res = await deliver(app, stripeEvent('invoice.payment_failed', { id: 'in_1', object: 'invoice' }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ received: true, ignored: true });
    const stranger = stripeEvent('checkout.session.completed', {
      id: 'cs_test_x',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: null,
      subscription: 'sub_x',
    });
    expect((await deliver(app, stranger)).json).toMatchObject({ received: true, ignored: true });
    const gone = stripeEvent('customer.subscription.updated', { id: 'sub_unknown', object: 'subscription', status: 'active', customer: 'cus_unknown' });
    expect((await deliver(app, gone)).json).toMatchObject({ received: true, ignored: true });
  });

  it("takes Stripe's deliveries whatever Origin they carry, and without a session", async () => {
    const { client, completed } = await subscribed('team');
    const res = await deliver(app, completed, { origin: 'https://stripe.example', 'sec-fetch-site': 'cross-site', cookie: 'rc_session=forged' });
    expect(res.status).toBe(200);
    expect((await client.get('/api/admin/plan')).json.plan).toBe('team');
  });

  it('asks Stripe to deliver again when the API cannot be reached, then applies the event', async () => {
    const { client, completed } = await subscribed('team');
    fake.failNext(4, 500);
    const res = await deliver(app, completed);
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ message: expect.any(String) });
    fake.failNext(0);
    expect((await client.get('/api/admin/plan')).json.plan).toBe('starter');
    expect((await deliver(app, completed)).json).toMatchObject({ received: true, message: 'Applied' });
    expect((await client.get('/api/admin/plan')).json.plan).toBe('team');
  });

  it('opens the Billing Portal once there is a customer, and sends a subscriber there rather than to a second Checkout', async () => {
    const { client, workspace, subscription, completed } = await subscribed('team');
    const early = await client.post('/api/admin/billing/portal');
    expect(early.status).toBe(409);
    expect(early.json).toEqual({ message: expect.stringMatching(/no billing account/i) });

    await deliver(app, completed);
    const portal = await client.post('/api/admin/billing/portal');
    expect(portal.status).toBe(200);
    expect(portal.json).toEqual({ url: expect.stringMatching(new RegExp(`^${fake.url}/p/session/bps_`)) });
    expect(fake.requests.at(-1)!.params).toEqual({ customer: subscription.customer, return_url: `${app.url}/${workspace.slug}/admin` });

    const again = await client.post('/api/admin/billing/checkout', { plan: 'agency' });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/Manage billing/);
  });
});

// Issue 27, item 7: without PUBLIC_URL the return addresses were http://localhost:PORT.
describe('billing on a server started without PUBLIC_URL', () => {
  let app: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startApp({ ...fakeStripeEnv(fake, WEBHOOK_SECRET), PUBLIC_URL: '' });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('sends Stripe return addresses on the address the owner came in on, as every other link', async () => {
    const { client, workspace } = await signUpAdmin(app, { plan: 'starter' });
    expect((await client.post('/api/admin/billing/checkout', { plan: 'team' })).status).toBe(200);
    const admin = `${app.url}/${workspace.slug}/admin`;
    expect(fake.requests.at(-1)!.params).toMatchObject({ success_url: `${admin}?billing=success`, cancel_url: `${admin}?billing=cancelled` });
  });
});

describe('billing without Stripe', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ STRIPE_SECRET_KEY: 'sk_test_but_no_webhook_secret' });
  });
  afterAll(() => app?.close());

  it('answers 409 with a message to checkout, portal and webhook, and says so in the plan', async () => {
    const { client } = await signUpAdmin(app, { plan: 'team' });
    for (const res of [await client.post('/api/admin/billing/checkout', { plan: 'team' }), await client.post('/api/admin/billing/portal')]) {
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ message: 'Online payment is not set up on this server. Ask whoever runs it to change your plan.' });
    }
    const event = stripeEvent('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session' });
    const res = await deliver(app, event);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: expect.any(String) });
    expect((await client.get('/api/admin/plan')).json).toMatchObject({
      plan: 'team',
      trialEndsAt: expect.any(String),
      billing: { configured: false, hasSubscription: false, plans: [] },
    });
  });
});

import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm, signStripeEvent, startFakeStripe, stripeEvent, type FakeStripe } from './stripe-server.ts';

const SECRET = 'whsec_fake_test_secret';
let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  const { port } = new URL(fake.url);
  stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: Number(port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
});
afterAll(() => fake.close());

describe('parseStripeForm', () => {
  it('reads bracket notation into objects and arrays', () => {
    expect(parseStripeForm('mode=subscription&line_items[0][price]=p1&line_items[0][quantity]=1&metadata[plan]=team&expand[0]=a&expand[1]=b')).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'p1', quantity: '1' }],
      metadata: { plan: 'team' },
      expand: ['a', 'b'],
    });
    expect(parseStripeForm(encodeURI('success_url=http://x/a?billing=success'))).toEqual({ success_url: 'http://x/a?billing=success' });
  });
});

describe('the fake Stripe API, called by the stripe package', () => {
  it('creates a checkout session, then the subscription the customer pays for', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_team', quantity: 1 }],
      client_reference_id: '42',
      metadata: { workspace_id: '42', plan: 'team' },
      subscription_data: { metadata: { workspace_id: '42' } },
      success_url: 'http://app.example/acme/admin?billing=success',
      cancel_url: 'http://app.example/acme/admin?billing=cancelled',
    });
    expect(session).toMatchObject({ object: 'checkout.session', mode: 'subscription', client_reference_id: '42', metadata: { plan: 'team' }, status: 'open' });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    expect(fake.requests.at(-1)!.raw).toContain('line_items[0][price]=price_team');

    const { subscription } = fake.completeCheckout(session.id);
    const read = await stripe.subscriptions.retrieve(subscription.id);
    expect(read).toMatchObject({ object: 'subscription', status: 'active', metadata: { workspace_id: '42' } });
    expect(read.items.data[0]!.price.id).toBe('price_team');
    expect(read.customer).toMatch(/^cus_/);

    fake.updateSubscription(subscription.id, { price: 'price_agency' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe('price_agency');
    fake.cancelSubscription(subscription.id);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
  });

  it('opens a billing portal session for a customer', async () => {
    const portal = await stripe.billingPortal.sessions.create({ customer: 'cus_123', return_url: 'http://app.example/acme/admin' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: 'cus_123', return_url: 'http://app.example/acme/admin' });
    expect(portal.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\/bps_/);
  });

  it("answers Stripe's errors: an unknown subscription, a wrong key, an outage", async () => {
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    const wrongKey = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: Number(new URL(fake.url).port), protocol: 'http', maxNetworkRetries: 0 });
    await expect(wrongKey.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    fake.failNext(1, 503);
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 503 });
  });
});

describe('signStripeEvent', () => {
  it('signs as Stripe does: constructEvent accepts it, and refuses another secret or an old timestamp', () => {
    const event = stripeEvent('customer.subscription.updated', { id: 'sub_1', object: 'subscription' });
    const { body, signature } = signStripeEvent(event, SECRET);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.constructEvent(body, signature, SECRET)).toMatchObject({ id: event.id, type: 'customer.subscription.updated' });
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_other')).toThrow(/signature/i);
    const old = signStripeEvent(event, SECRET, Math.floor(Date.now() / 1000) - 301);
    expect(() => stripe.webhooks.constructEvent(old.body, old.signature, SECRET, 300)).toThrow(/tolerance/i);
    // Stripe's own test header for the same body and time is the same header.
    const t = Math.floor(Date.now() / 1000);
    expect(signStripeEvent(event, SECRET, t).signature).toBe(stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: t }));
  });
});

import type { APIRoute } from 'astro';
import { stripeClient, BILLING_NOT_SET_UP } from '#domain/integrations/stripe/stripe.ts';
import { receiveStripeWebhook } from '#domain/integrations/stripe/webhook.ts';
import { errorJson, json, readRawBody } from '#web/http.ts';

// Stripe's deliveries: no session and no cross-site check (the middleware opens this path); the
// signature over the raw body is what lets an event in (src/domain/integrations/stripe/webhook.ts).
export const POST: APIRoute = async ({ locals, request }) => {
  const { config, database } = locals.runtime;
  const stripe = stripeClient(config.stripe);
  if (!stripe || !config.stripe.webhookSecret) return errorJson(409, BILLING_NOT_SET_UP);
  const body = await readRawBody(request);
  if (!body.ok) return errorJson(body.status, body.message);
  const outcome = await receiveStripeWebhook(
    { db: database.db, stripe, webhookSecret: config.stripe.webhookSecret, prices: config.stripe.prices },
    body.raw,
    request.headers.get('stripe-signature'),
  );
  return json(outcome.body, outcome.status);
};

import type { APIRoute } from 'astro';
import { stripeClient, BILLING_NOT_SET_UP } from '#domain/integrations/stripe/stripe.ts';
import { receiveStripeWebhook } from '#domain/integrations/stripe/webhook.ts';
import { errorJson, json, MAX_JSON_BODY_BYTES, readBodyUpTo } from '#web/http.ts';

// Stripe's deliveries: no session and no cross-site check (the middleware opens this path); the
// signature over the raw body is what lets an event in (src/domain/integrations/stripe/webhook.ts).
export const POST: APIRoute = async ({ locals, request }) => {
  const { config, database } = locals.runtime;
  const stripe = stripeClient(config.stripe);
  if (!stripe || !config.stripe.webhookSecret) return errorJson(409, BILLING_NOT_SET_UP);
  let raw: Uint8Array | null;
  try {
    raw = await readBodyUpTo(request, MAX_JSON_BODY_BYTES);
  } catch {
    return errorJson(400, 'Request body could not be read');
  }
  if (raw === null) return errorJson(413, 'Request body is too large');
  const outcome = await receiveStripeWebhook(
    { db: database.db, stripe, webhookSecret: config.stripe.webhookSecret, prices: config.stripe.prices },
    raw,
    request.headers.get('stripe-signature'),
  );
  return json(outcome.body, outcome.status);
};

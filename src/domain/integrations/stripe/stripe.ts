import Stripe from 'stripe';
import type { Config } from '#platform/config.ts';

type StripeConfig = Config['stripe'];

const clients = new WeakMap<StripeConfig, Stripe>();

/** The Stripe client of this configuration, or null when billing is not configured. */
export function stripeClient(config: StripeConfig): Stripe | null {
  if (!config.configured || !config.secretKey) return null;
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(config.secretKey, {
      // A local fake in tests (STRIPE_API_BASE); Stripe's own API otherwise.
      ...(config.apiBase ?? {}),
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'Review Challenge' },
    });
    clients.set(config, client);
  }
  return client;
}

export const BILLING_NOT_SET_UP = 'Online payment is not set up on this server. Ask whoever runs it to change your plan.';

/** True for Stripe's "no such object" answer (a 404 of the API). */
export function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.code === 'resource_missing' || error.statusCode === 404);
}

import type { Plan, TrialPlan } from '#shared/plans.ts';

/** The Stripe price id of each plan sold online (STRIPE_PRICE_*); a plan without one is not sold. */
export type PlanPrices = Partial<Record<TrialPlan, string | undefined>>;

/** The plan a Stripe price buys, or null for a price that is not one of ours. */
export function planForPrice(prices: PlanPrices, priceId: string | null | undefined): TrialPlan | null {
  if (!priceId) return null;
  for (const [plan, id] of Object.entries(prices) as [TrialPlan, string | undefined][]) {
    if (id && id === priceId) return plan;
  }
  return null;
}

/** What the webhook needs to know of a subscription: its status and its (first) item's price. */
export interface SubscriptionState {
  status: string;
  priceId: string | null;
}

// Stripe's subscription statuses: https://docs.stripe.com/billing/subscriptions/overview#subscription-statuses
/** Paid for (past_due: Stripe is still retrying the payment, so the plan stays until it gives up). */
const PAYING = new Set(['active', 'trialing', 'past_due']);
/** Over, or stopped for non-payment: the workspace is on the free plan (every row kept). */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused']);

/**
 * The plan a subscription in this state gives, or null to leave the plan as it is: a first payment
 * still in progress (incomplete), a status Stripe may add later, or a price that is not one of ours.
 */
export function planForSubscription(prices: PlanPrices, subscription: SubscriptionState): Plan | null {
  if (ENDED.has(subscription.status)) return 'free';
  if (PAYING.has(subscription.status)) return planForPrice(prices, subscription.priceId);
  return null;
}

/** True while a subscription is (still) paid for: the workspace's current subscription. */
export function isLiveSubscription(status: string): boolean {
  return PAYING.has(status) || status === 'incomplete';
}

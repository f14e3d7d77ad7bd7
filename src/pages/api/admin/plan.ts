import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { findBillingAccount } from '#domain/integrations/stripe/store.ts';
import { json } from '#web/http.ts';
import { PLAN_LIMITS, TRIAL_PLANS } from '#shared/plans.ts';

/** The plan in force, the end of its trial, what it allows, and whether it can be bought online. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { plan, trialEndsAt, id } = access.workspace;
  const { stripe } = locals.runtime.config;
  const account = await findBillingAccount(locals.runtime.database.db, id);
  return json({
    plan,
    trialEndsAt: trialEndsAt?.toISOString() ?? null,
    limits: PLAN_LIMITS[plan],
    billing: {
      configured: stripe.configured,
      hasSubscription: Boolean(account?.subscriptionId),
      hasCustomer: Boolean(account?.customerId),
      /** The plans with a Stripe price: the ones the card offers to buy. */
      plans: stripe.configured ? TRIAL_PLANS.filter((p) => stripe.prices[p]) : [],
    },
  });
};

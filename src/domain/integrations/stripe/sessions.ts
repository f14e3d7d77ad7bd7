import type { Config } from '#platform/config.ts';
import type { Db } from '#platform/db/database.ts';
import { logError } from '#platform/log/log.ts';
import { PLAN_CATALOGUE } from '#shared/plan-catalogue.ts';
import type { TrialPlan } from '#shared/plans.ts';
import type { Refusal } from '#contracts/refusal.ts';
import { findBillingAccount } from './store.ts';
import { BILLING_NOT_SET_UP, stripeClient } from './stripe.ts';

// The pages of Stripe's own an owner is sent to: Checkout to start a subscription, the Billing Portal
// to change or end it. Each answers the page's address, or why there is none (the route answers that).

export interface BillingContext {
  db: Db;
  stripe: Config['stripe'];
  /** Where Stripe sends the owner back to: the product's public address. */
  linkBase: string;
}

export type BillingPage = { ok: true; url: string } | { ok: false; refusal: Refusal };

/** This server sells no plan online. */
export const BILLING_NOT_SET_UP_REFUSAL: Refusal = { status: 409, message: BILLING_NOT_SET_UP };

/** True when this server sells plans online (Stripe is configured). */
export function billingSetUp(config: Config['stripe']): boolean {
  return stripeClient(config) !== null;
}

/** Starts Stripe Checkout for a plan's subscription; the page to send the owner to. */
export async function startCheckout(ctx: BillingContext, workspace: { id: number; slug: string; adminEmail: string }, plan: TrialPlan): Promise<BillingPage> {
  const stripe = stripeClient(ctx.stripe);
  if (!stripe) return { ok: false, refusal: BILLING_NOT_SET_UP_REFUSAL };
  const price = ctx.stripe.prices[plan];
  if (!price)
    return { ok: false, refusal: { status: 409, message: `The ${PLAN_CATALOGUE[plan].name} plan cannot be bought online on this server.`, field: 'plan' } };

  const account = await findBillingAccount(ctx.db, workspace.id);
  // A second subscription would bill twice: changes to a running one go through the Billing Portal.
  if (account?.subscriptionId)
    return { ok: false, refusal: { status: 409, message: 'You already have a subscription. Use Manage billing to change your plan.' } };

  const adminUrl = `${ctx.linkBase}/${workspace.slug}/admin`;
  const metadata = { workspace_id: String(workspace.id), plan };
  try {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      client_reference_id: String(workspace.id),
      metadata,
      // The subscription carries the workspace too, so its own events find it whatever their order.
      subscription_data: { metadata },
      ...(account?.customerId ? { customer: account.customerId } : { customer_email: workspace.adminEmail }),
      success_url: `${adminUrl}?billing=success`,
      cancel_url: `${adminUrl}?billing=cancelled`,
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a url');
    return { ok: true, url: session.url };
  } catch (error) {
    logError('Could not start a Stripe checkout', error);
    return { ok: false, refusal: { status: 502, message: 'Stripe could not start the payment. Please try again in a moment.' } };
  }
}

/** Opens Stripe's Billing Portal for the workspace's customer (change plan, card, invoices, cancel). */
export async function openBillingPortal(ctx: BillingContext, workspace: { id: number; slug: string }): Promise<BillingPage> {
  const stripe = stripeClient(ctx.stripe);
  if (!stripe) return { ok: false, refusal: BILLING_NOT_SET_UP_REFUSAL };
  const account = await findBillingAccount(ctx.db, workspace.id);
  if (!account?.customerId) return { ok: false, refusal: { status: 409, message: 'There is no billing account for this workspace yet. Choose a plan first.' } };
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: account.customerId,
      return_url: `${ctx.linkBase}/${workspace.slug}/admin`,
    });
    return { ok: true, url: session.url };
  } catch (error) {
    logError('Could not open the Stripe billing portal', error);
    return { ok: false, refusal: { status: 502, message: 'Stripe could not open the billing page. Please try again in a moment.' } };
  }
}

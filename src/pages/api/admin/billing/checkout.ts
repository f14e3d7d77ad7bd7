import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireAdmin } from '../../../../lib/auth/guards.ts';
import { PLAN_CATALOGUE } from '../../../../lib/billing/catalogue.ts';
import { findBillingAccount } from '../../../../lib/billing/store.ts';
import { BILLING_NOT_SET_UP, stripeClient } from '../../../../lib/billing/stripe.ts';
import { errorJson, json, parseJsonBody } from '../../../../lib/http.ts';
import { logError } from '../../../../lib/log.ts';
import { linkBase } from '../../../../lib/public-url.ts';
import { TRIAL_PLANS } from '../../../../lib/plans.ts';

const body = z.object({ plan: z.enum(TRIAL_PLANS, { error: 'Plan must be starter, team or agency' }) });

/** Starts Stripe Checkout for a plan's subscription; answers the page to send the owner to. */
export const POST: APIRoute = async ({ locals, request, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { config, database } = locals.runtime;
  const stripe = stripeClient(config.stripe);
  if (!stripe) return errorJson(409, BILLING_NOT_SET_UP);
  const parsed = await parseJsonBody(request, body);
  if (!parsed.ok) return parsed.response;
  const { plan } = parsed.data;
  const price = config.stripe.prices[plan];
  if (!price) return errorJson(409, `The ${PLAN_CATALOGUE[plan].name} plan cannot be bought online on this server.`, 'plan');

  const { workspace } = access;
  const account = await findBillingAccount(database.db, workspace.id);
  // A second subscription would bill twice: changes to a running one go through the Billing Portal.
  if (account?.subscriptionId) return errorJson(409, 'You already have a subscription. Use Manage billing to change your plan.');

  const adminUrl = `${linkBase(config, url)}/${workspace.slug}/admin`;
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
    return json({ url: session.url });
  } catch (error) {
    logError('Could not start a Stripe checkout', error);
    return errorJson(502, 'Stripe could not start the payment. Please try again in a moment.');
  }
};

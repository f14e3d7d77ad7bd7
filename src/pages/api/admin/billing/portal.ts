import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/auth/guards.ts';
import { findBillingAccount } from '../../../../lib/billing/store.ts';
import { BILLING_NOT_SET_UP, stripeClient } from '../../../../lib/billing/stripe.ts';
import { errorJson, json } from '../../../../lib/http.ts';
import { logError } from '../../../../lib/log.ts';
import { linkBase } from '../../../../lib/public-url.ts';

/** Opens Stripe's Billing Portal for the workspace's customer (change plan, card, invoices, cancel). */
export const POST: APIRoute = async ({ locals, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { config, database } = locals.runtime;
  const stripe = stripeClient(config.stripe);
  if (!stripe) return errorJson(409, BILLING_NOT_SET_UP);
  const { workspace } = access;
  const account = await findBillingAccount(database.db, workspace.id);
  if (!account?.customerId) return errorJson(409, 'There is no billing account for this workspace yet. Choose a plan first.');
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: account.customerId,
      return_url: `${linkBase(config, url)}/${workspace.slug}/admin`,
    });
    return json({ url: session.url });
  } catch (error) {
    logError('Could not open the Stripe billing portal', error);
    return errorJson(502, 'Stripe could not open the billing page. Please try again in a moment.');
  }
};

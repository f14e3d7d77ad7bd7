import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { openBillingPortal } from '#domain/integrations/stripe/sessions.ts';
import { json, refused } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';

/** Opens Stripe's Billing Portal for the workspace's customer (change plan, card, invoices, cancel). */
export const POST: APIRoute = async ({ locals, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { config, database } = locals.runtime;
  const page = await openBillingPortal({ db: database.db, stripe: config.stripe, linkBase: linkBase(config, url) }, access.workspace);
  return page.ok ? json({ url: page.url }) : refused(page.refusal);
};

import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireAdmin } from '#web/guards.ts';
import { BILLING_NOT_SET_UP_REFUSAL, billingSetUp, startCheckout } from '#domain/integrations/stripe/sessions.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';
import { TRIAL_PLANS } from '#shared/plans.ts';

const body = z.object({ plan: z.enum(TRIAL_PLANS, { error: 'Plan must be starter, team or agency' }) });

/** Starts Stripe Checkout for a plan's subscription; answers the page to send the owner to. */
export const POST: APIRoute = async ({ locals, request, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { config, database } = locals.runtime;
  // A server without Stripe says so first, whatever the body holds.
  if (!billingSetUp(config.stripe)) return refused(BILLING_NOT_SET_UP_REFUSAL);
  const parsed = await parseJsonBody(request, body);
  if (!parsed.ok) return parsed.response;
  const page = await startCheckout({ db: database.db, stripe: config.stripe, linkBase: linkBase(config, url) }, access.workspace, parsed.data.plan);
  return page.ok ? json({ url: page.url }) : refused(page.refusal);
};

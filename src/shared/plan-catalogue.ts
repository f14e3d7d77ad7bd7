import { PLANS, type Plan } from './plans.ts';

// What the Plan & billing card shows of each plan: the landing page's pricing cards (prices in AUD,
// per month: issue 12 asks for the period SPEC.md section 9 left out) and what PLAN_LIMITS allows,
// in plain words. Browser-safe.

export const PRICE_CURRENCY_PREFIX = 'A$';
export const PRICE_PERIOD = 'per month';
export const PRICE_NOTE = 'Prices are in AUD and VAT/GST may apply.';

export interface PlanEntry {
  plan: Plan;
  name: string;
  /** The landing page's price, without currency; null for the free plan, which is not sold. */
  price: string | null;
  /** What the plan allows, in plain words. */
  includes: string[];
}

export const PLAN_CATALOGUE: Record<Plan, PlanEntry> = {
  free: { plan: 'free', name: 'Free', price: null, includes: ['No request logging', 'No Google connection', 'Up to 2 teams', '1 wallboard'] },
  starter: { plan: 'starter', name: 'Starter', price: '499', includes: ['Up to 2 teams', '1 wallboard', 'Manual review matching'] },
  team: { plan: 'team', name: 'Team', price: '899', includes: ['Up to 5 teams', '1 wallboard', 'Auto-match reviews', 'Client branding'] },
  agency: {
    plan: 'agency',
    name: 'Agency',
    price: '1499',
    includes: ['Up to 10 wallboards', 'Up to 5 teams per wallboard', 'Branding per wallboard', 'Auto-match reviews'],
  },
};

/** Every plan, cheapest first. */
export const PLAN_ENTRIES: PlanEntry[] = PLANS.map((plan) => PLAN_CATALOGUE[plan]);

/** "A$899 per month", as the landing page shows it; "No charge" for the free plan. */
export function priceText(entry: PlanEntry): string {
  return entry.price === null ? 'No charge' : `${PRICE_CURRENCY_PREFIX}${entry.price} ${PRICE_PERIOD}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Trial: 3 days left" (a part day counts as a day), "Trial ended", or null without a trial. */
export function trialText(trialEndsAt: string | null, now = new Date()): string | null {
  if (!trialEndsAt) return null;
  const left = Date.parse(trialEndsAt) - now.getTime();
  if (Number.isNaN(left)) return null;
  if (left <= 0) return 'Trial ended';
  const days = Math.ceil(left / DAY_MS);
  return `Trial: ${days} ${days === 1 ? 'day' : 'days'} left`;
}

/** The upgrade button's words: up the list "Upgrade to", the plan on trial "Subscribe to", down "Switch to". */
export function planActionLabel(current: Plan, target: Plan): string {
  const name = PLAN_CATALOGUE[target].name;
  const from = PLANS.indexOf(current);
  const to = PLANS.indexOf(target);
  if (to > from) return `Upgrade to ${name}`;
  if (to === from) return `Subscribe to ${name}`;
  return `Switch to ${name}`;
}

export const PLANS = ['free', 'starter', 'team', 'agency'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}


/** SPEC.md sections 1 and 6: the free plan cannot log review requests (the page and the API). */
export function planAllowsRequestLogging(plan: Plan): boolean {
  return plan !== 'free';
}

export const REQUEST_LOGGING_UPGRADE_MESSAGE = 'Your plan does not include logging review requests. Please upgrade.';

/** SPEC.md sections 1 and 2: the free plan has the Google Business Profile integration disabled. */
export function planAllowsGoogle(plan: Plan): boolean {
  return plan !== 'free';
}

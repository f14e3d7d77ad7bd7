import type { MatchStatus } from './statuses.ts';

export const PLANS = ['free', 'starter', 'team', 'agency'] as const;
export type Plan = (typeof PLANS)[number];

/** The names the pricing table and the owner see. */
export const PLAN_NAMES: Record<Plan, string> = { free: 'Free', starter: 'Starter', team: 'Team', agency: 'Agency' };

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** The plans a registration may ask to try (the pricing table's cards). */
export const TRIAL_PLANS = ['starter', 'team', 'agency'] as const;
export type TrialPlan = (typeof TRIAL_PLANS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new workspace's plan: a trial of the plan its registration asked for; without one, the
 * operator's DEFAULT_PLAN (no trial), or else a Team trial, so a bare `npm start` is usable at once.
 * TRIAL_DAYS=0 turns trials off.
 */
export function planForRegistration(
  settings: { defaultPlan: Plan | undefined; trialDays: number },
  requested: TrialPlan | undefined,
  now = new Date(),
): { plan: Plan; trialEndsAt: Date | null } {
  const trialEndsAt = new Date(now.getTime() + settings.trialDays * DAY_MS);
  if (settings.trialDays > 0 && requested) return { plan: requested, trialEndsAt };
  if (settings.defaultPlan) return { plan: settings.defaultPlan, trialEndsAt: null };
  return settings.trialDays > 0 ? { plan: 'team', trialEndsAt } : { plan: 'free', trialEndsAt: null };
}

/** What each plan allows (null: no limit); the pricing table's promises. */
export interface PlanLimits {
  teams: number | null;
  wallboards: number | null;
  autoMatch: boolean;
  branding: boolean;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { teams: 2, wallboards: 1, autoMatch: false, branding: false },
  starter: { teams: 2, wallboards: 1, autoMatch: false, branding: false },
  team: { teams: 5, wallboards: 1, autoMatch: true, branding: true },
  agency: { teams: 50, wallboards: 10, autoMatch: true, branding: true },
};

/** SPEC.md sections 1 and 6: the free plan cannot log review requests (the page and the API). */
export function planAllowsRequestLogging(plan: Plan): boolean {
  return plan !== 'free';
}

export const REQUEST_LOGGING_UPGRADE_MESSAGE = 'Your plan does not include logging review requests. Please upgrade.';

/** SPEC.md sections 1 and 2: the free plan has the Google Business Profile integration disabled. */
export function planAllowsGoogle(plan: Plan): boolean {
  return plan !== 'free';
}

/** A wallboard shows at most this many teams (besides "Unknown"), whatever the plan. */
export const TEAMS_PER_WALLBOARD = 5;

/** The teams one wallboard may have on a plan (Agency: 5 on each of its wallboards). */
export function teamsPerWallboard(plan: Plan): number {
  return Math.min(PLAN_LIMITS[plan].teams ?? TEAMS_PER_WALLBOARD, TEAMS_PER_WALLBOARD);
}

const teamsAllowed = (plan: Plan, teams: number) =>
  `the ${PLAN_NAMES[plan]} plan allows ${teams} teams${PLAN_LIMITS[plan].wallboards === 1 ? '' : ' per wallboard'}`;

/** Answers (403) and notes naming the limit a plan sets. */
export const PLAN_LIMIT_MESSAGES = {
  teams: (plan: Plan, teams: number) => `Team limit reached: ${teamsAllowed(plan, teams)}. Upgrade your plan to add more.`,
  teamReadOnly: (plan: Plan, teams: number) =>
    `This team is read-only: ${teamsAllowed(plan, teams)} and this one is over that limit. Upgrade your plan, or delete another team, to use it again.`,
  wallboards: (plan: Plan, wallboards: number) =>
    `Wallboard limit reached: the ${PLAN_NAMES[plan]} plan allows ${wallboards} ${wallboards === 1 ? 'wallboard' : 'wallboards'}.${plan === 'agency' ? '' : ' The Agency plan has up to 10, each with its own teams, target and logo.'}`,
  wallboardReadOnly: (plan: Plan, wallboards: number) =>
    `This wallboard is read-only: the ${PLAN_NAMES[plan]} plan allows ${wallboards} ${wallboards === 1 ? 'wallboard' : 'wallboards'} and this one is over that limit. It is kept and still shows; upgrade to change it.`,
  branding: (plan: Plan) => `Client branding (your own logo) is not part of the ${PLAN_NAMES[plan]} plan. Upgrade to the Team or Agency plan to add your logo.`,
};

/**
 * Plans without auto-matching still run the engine: its confident match becomes a suggestion that a
 * person confirms (needs_review), so nothing counts for a team until someone says so.
 */
export function matchWithinPlan<R extends { status: MatchStatus }>(result: R, plan: Plan): R {
  if (result.status !== 'auto_matched' || PLAN_LIMITS[plan].autoMatch) return result;
  return { ...result, status: 'needs_review' };
}

/** What a plan limits (GET /api/admin/plan's limits, plus the free plan's two refusals). */
export type PlanLimitName = 'teams' | 'wallboards' | 'autoMatch' | 'branding' | 'logging' | 'google';

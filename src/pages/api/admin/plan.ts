import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { json } from '../../../lib/http.ts';
import { PLAN_LIMITS } from '../../../lib/plans.ts';

/** The plan in force, the end of its trial, and what it allows. */
export const GET: APIRoute = ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { plan, trialEndsAt } = access.workspace;
  return json({ plan, trialEndsAt: trialEndsAt?.toISOString() ?? null, limits: PLAN_LIMITS[plan] });
};

import { requireAdmin, requireStaff, type Access, type Caller } from '#web/guards.ts';
import { OAUTH_ERRORS } from '#shared/google-messages.ts';
import { planLimitRefused } from '#web/http.ts';
import { planAllowsGoogle } from '#shared/plans.ts';

// The free plan has the Google integration disabled (SPEC.md sections 1 and 2): a plan refusal,
// 403 naming the limit, which the admin panel tells apart from a lost admin session.
// (The leading underscore keeps this file out of Astro's routes.)
function withGooglePlan(access: Access): Access {
  if (access.ok && !planAllowsGoogle(access.workspace.plan)) return { ok: false, response: planLimitRefused(OAUTH_ERRORS.upgrade, 'google') };
  return access;
}

/** Connecting, discovery and the fetch test: the admin's. */
export const requireGoogleAdmin = (caller: Caller): Access => withGooglePlan(requireAdmin(caller));

/** Poll Now sits on the GMB page, which every signed-in member can open. */
export const requireGoogleStaff = (caller: Caller): Access => withGooglePlan(requireStaff(caller));

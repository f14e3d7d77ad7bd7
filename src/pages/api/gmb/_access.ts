import { requireAdmin, requireStaff, type Access, type Caller } from '../../../lib/auth/guards.ts';
import { OAUTH_ERRORS } from '../../../lib/google/messages.ts';
import { errorJson } from '../../../lib/http.ts';
import { planAllowsGoogle } from '../../../lib/plans.ts';

// The free plan has the Google integration disabled (SPEC.md sections 1 and 2). The refusal is 402,
// not 403: an admin query answered 403 locks the admin panel (SPEC.md section 8).
// (The leading underscore keeps this file out of Astro's routes.)
function withGooglePlan(access: Access): Access {
  if (access.ok && !planAllowsGoogle(access.workspace.plan)) return { ok: false, response: errorJson(402, OAUTH_ERRORS.upgrade) };
  return access;
}

/** Connecting, discovery and the fetch test: the admin's. */
export const requireGoogleAdmin = (caller: Caller): Access => withGooglePlan(requireAdmin(caller));

/** Poll Now sits on the GMB page, which every signed-in member can open. */
export const requireGoogleStaff = (caller: Caller): Access => withGooglePlan(requireStaff(caller));

import type { Caller } from '../../../lib/auth/guards.ts';
import { requireAdmin, type Access } from '../../../lib/auth/guards.ts';
import { forbidden } from '../../../lib/http.ts';
import { GOOGLE_UPGRADE_MESSAGE, planAllowsGoogle } from '../../../lib/plans.ts';

// The Google connection is the admin's, and the free plan has it disabled (SPEC.md sections 1, 2, 6).
// (The leading underscore keeps this file out of Astro's routes.)
export function requireGoogleAdmin(caller: Caller): Access {
  const access = requireAdmin(caller);
  if (access.ok && !planAllowsGoogle(access.workspace.plan)) return { ok: false, response: forbidden(GOOGLE_UPGRADE_MESSAGE) };
  return access;
}

import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { googleStatus } from '../../../lib/google/status.ts';
import { json } from '../../../lib/http.ts';

/** The admin card's state (decision 021); on the free plan it says `allowed: false`. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await googleStatus(locals.runtime, access.workspace));
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { googleStatus } from '#domain/integrations/google/status.ts';
import { json } from '#web/http.ts';

/** The admin card's state (decision 021); on the free plan it says `allowed: false`. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await googleStatus(locals.runtime, access.workspace));
};

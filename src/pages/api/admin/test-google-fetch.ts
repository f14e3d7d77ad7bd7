import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { json } from '../../../lib/http.ts';

/**
 * "Test Google Fetch": {success, configured, message, error, reviewCount}. The Google Business Profile
 * connection comes with the Google issue; until then the answer says it is not connected.
 */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json({ success: false, configured: false, message: 'Google Business Profile is not connected', error: null, reviewCount: 0 });
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { testGoogleFetch } from '../../../lib/google/fetch-test.ts';
import { json } from '../../../lib/http.ts';

/** "Test Google Fetch": {success, configured, message, error, reviewCount}; nothing is imported. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await testGoogleFetch(locals.runtime, access.workspace));
};

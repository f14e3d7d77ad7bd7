import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { testGoogleFetch } from '#domain/integrations/google/fetch-test.ts';
import { json } from '#web/http.ts';

/** "Test Google Fetch": {success, configured, message, error, reviewCount}; nothing is imported. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await testGoogleFetch(locals.runtime, access.workspace));
};

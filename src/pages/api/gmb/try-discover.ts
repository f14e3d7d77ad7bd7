import type { APIRoute } from 'astro';
import { discoverLocation } from '#domain/integrations/google/discover.ts';
import { json } from '#web/http.ts';
import { requireGoogleAdmin } from './_access.ts';

/** {success, accountId, locationId, error}: a Google failure is an answer here, not an HTTP error. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireGoogleAdmin(locals);
  if (!access.ok) return access.response;
  return json(await discoverLocation(locals.runtime, access.workspace));
};

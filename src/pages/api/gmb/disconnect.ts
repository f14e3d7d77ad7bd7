import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { disconnectGoogle } from '#domain/integrations/google/oauth.ts';
import { json } from '#web/http.ts';

/** Revokes the grant at Google and forgets the token; imported reviews stay. */
export const POST: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  await disconnectGoogle(locals.runtime, access.workspace);
  return json({ success: true });
};

import type { APIRoute } from 'astro';
import { revokeApiKey } from '#web/api-v1/keys.ts';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId } from '#web/http.ts';

/** Revokes a key: requests with it are answered 401 from now on. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null || !(await revokeApiKey(locals.runtime.database.db, access.workspace.id, id))) return notFound('API key not found');
  return json({ message: 'API key revoked' });
};

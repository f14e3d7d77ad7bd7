import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { jsonPage } from '#web/http.ts';
import { listUnmatchedInvites } from '#domain/reviews/queries.ts';

/** The requests that no counted review holds yet, newest first (SPEC.md "Unmatched invite"). */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return jsonPage(url, (page) => listUnmatchedInvites(locals.runtime.database.db, access.workspace, page));
};

import type { APIRoute } from 'astro';
import { deskCardLink } from '#domain/game/staff/desk-cards.ts';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';

/** The person's desk card link (/q/{token}), made on first ask. */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  const card = id === null ? null : await deskCardLink(locals.runtime.database, access.workspace.id, id, linkBase(locals.runtime.config, url));
  return card ? json(card) : notFound('Staff member not found');
};

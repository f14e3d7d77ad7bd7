import type { APIRoute } from 'astro';
import { rotateDeskCard } from '#domain/game/staff/desk-cards.ts';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';

/** Revokes the person's desk card and makes a new one; the printed card stops crediting them. */
export const POST: APIRoute = async ({ locals, params, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  const card = id === null ? null : await rotateDeskCard(locals.runtime.database, access.workspace.id, id, linkBase(locals.runtime.config, url));
  return card ? json(card) : notFound('Staff member not found');
};

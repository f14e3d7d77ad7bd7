import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId } from '#web/http.ts';
import { revokeKioskLink } from '#domain/workspace/kiosk.ts';

export const DELETE: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  const { database } = locals.runtime;
  if (id === null || !(await revokeKioskLink(database, access.workspace.id, id))) return notFound('No such display link');
  return json({ message: 'Display link revoked' });
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/auth/guards.ts';
import { json, notFound, parseId } from '../../../../lib/http.ts';
import { revokeKioskLink } from '../../../../lib/kiosk.ts';
import { publishLiveEvent } from '../../../../lib/live/publish.ts';

export const DELETE: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  const { database } = locals.runtime;
  if (id === null || !(await revokeKioskLink(database.db, access.workspace.id, id))) return notFound('No such display link');
  await publishLiveEvent(database, { workspaceId: access.workspace.id, event: 'kiosk_revoked', kioskLinkId: id });
  return json({ message: 'Display link revoked' });
};

import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { json } from '../../lib/http.ts';
import { publishLiveEvent } from '../../lib/live/publish.ts';

export const POST: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  await publishLiveEvent(locals.runtime.database, { workspaceId: access.workspace.id, event: 'celebration', detail: { demo: true } });
  return json({ message: 'Celebration sent' });
};

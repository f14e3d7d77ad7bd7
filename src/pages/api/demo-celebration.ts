import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { json } from '#web/http.ts';
import { sendDemoCelebration } from '#domain/game/milestones.ts';

export const POST: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  await sendDemoCelebration(locals.runtime.database, access.workspace.id);
  return json({ message: 'Celebration sent' });
};

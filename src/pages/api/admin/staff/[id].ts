import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId, parseJsonBody, refused } from '#web/http.ts';
import { updateStaff, STAFF_NOT_FOUND, staffRefusal } from '#domain/game/staff/manage.ts';
import { staffUpdatePayload } from '#contracts/staff-payloads.ts';

/** Renames a person, or deactivates or reactivates them. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return notFound(STAFF_NOT_FOUND);
  const parsed = await parseJsonBody(request, staffUpdatePayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await updateStaff(database, access.workspace.id, id, parsed.data);
  if (!result.ok) return refused(staffRefusal(result.problem));
  return json({ staff: result.staff });
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseJsonBody } from '#web/http.ts';
import { updateStaff } from '#domain/game/staff/manage.ts';
import { staffUpdatePayload } from '#contracts/staff-payloads.ts';
import { STAFF_NOT_FOUND, staffId, staffProblemResponse } from './_problem.ts';

/** Renames a person, or deactivates or reactivates them. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = staffId(params.id);
  if (id === null) return notFound(STAFF_NOT_FOUND);
  const parsed = await parseJsonBody(request, staffUpdatePayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await updateStaff(database, access.workspace.id, id, parsed.data);
  if (!result.ok) return staffProblemResponse(result.problem);
  return json({ staff: result.staff });
};

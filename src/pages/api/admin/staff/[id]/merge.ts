import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId, parseJsonBody, refused } from '#web/http.ts';
import { mergeStaff, STAFF_NOT_FOUND, staffRefusal } from '#domain/game/staff/manage.ts';
import { staffMergePayload } from '#contracts/staff-payloads.ts';

/** Merges the person of the path into `intoId`; answers the surviving person. */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return notFound(STAFF_NOT_FOUND);
  const parsed = await parseJsonBody(request, staffMergePayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await mergeStaff(database, access.workspace.id, id, parsed.data.intoId);
  if (!result.ok) return refused(staffRefusal(result.problem));
  return json({ staff: result.staff });
};

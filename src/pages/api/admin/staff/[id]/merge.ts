import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseJsonBody } from '#web/http.ts';
import { mergeStaff } from '#domain/game/staff/manage.ts';
import { staffMergePayload } from '#contracts/staff-payloads.ts';
import { STAFF_NOT_FOUND, staffId, staffProblemResponse } from '../_problem.ts';

/** Merges the person of the path into `intoId`; answers the surviving person. */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = staffId(params.id);
  if (id === null) return notFound(STAFF_NOT_FOUND);
  const parsed = await parseJsonBody(request, staffMergePayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await mergeStaff(database, access.workspace.id, id, parsed.data.intoId);
  if (!result.ok) return staffProblemResponse(result.problem);
  return json({ staff: result.staff });
};

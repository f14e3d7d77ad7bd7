import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { badRequest, json, notFound, parseId, parseJsonBody, refused } from '#web/http.ts';
import { INVITE_ID_MISMATCH, requestEditPayload } from '#contracts/request-edit-payload.ts';
import { REQUEST_NOT_FOUND, requestUpdateRefusal, updateRequest } from '#domain/requests/queries.ts';

/** The "Edit Review Request" dialog: {inviteId, firstName, lastName, email, staffFirstName, teamId}. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.campaignId);
  if (id === null) return notFound(REQUEST_NOT_FOUND);
  const parsed = await parseJsonBody(request, requestEditPayload);
  if (!parsed.ok) return parsed.response;
  const { inviteId, ...changes } = parsed.data;
  if (inviteId !== undefined && String(inviteId) !== String(id)) return badRequest(INVITE_ID_MISMATCH, 'inviteId');
  const { database } = locals.runtime;
  const result = await updateRequest(database, access.workspace, id, changes);
  if (!result.ok) return refused(requestUpdateRefusal(result.problem));
  return json(result.request);
};

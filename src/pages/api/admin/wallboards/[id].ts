import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId, parseJsonBody, refused } from '#web/http.ts';
import { deleteWallboard, updateWallboard, WALLBOARD_NOT_FOUND, wallboardRefusal } from '#domain/game/wallboards.ts';
import { wallboardUpdatePayload } from '#contracts/admin-payloads.ts';

const wallboardId = parseId;

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = wallboardId(params.id);
  if (id === null) return notFound(WALLBOARD_NOT_FOUND);
  const parsed = await parseJsonBody(request, wallboardUpdatePayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await updateWallboard(database, access.workspace, id, parsed.data);
  if (!result.ok) return refused(wallboardRefusal(result.problem, access.workspace.plan));
  return json(result.wallboard);
};

export const DELETE: APIRoute = async ({ params, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = wallboardId(params.id);
  const { database } = locals.runtime;
  if (id === null || !(await deleteWallboard(database, access.workspace, id))) return notFound(WALLBOARD_NOT_FOUND);
  return json({ message: 'Wallboard deleted' });
};

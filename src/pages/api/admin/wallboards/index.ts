import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { createWallboard, listWallboards, wallboardRefusal } from '#domain/game/wallboards.ts';
import { wallboardCreatePayload } from '#contracts/admin-payloads.ts';

export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listWallboards(locals.runtime.database.db, access.workspace));
};

export const POST: APIRoute = async ({ locals, request }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, wallboardCreatePayload);
  if (!parsed.ok) return parsed.response;
  const result = await createWallboard(locals.runtime.database.db, access.workspace, parsed.data);
  if (!result.ok) return refused(wallboardRefusal(result.problem, access.workspace.plan));
  return json(result.wallboard, 201);
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { badRequest, errorJson, json, parseJsonBody } from '#web/http.ts';
import { findWallboard } from '#domain/game/wallboards.ts';
import { createKioskLink, listKioskLinks, MAX_KIOSK_LINKS } from '#domain/workspace/kiosk.ts';
import { kioskLinkPayload } from '#contracts/payloads.ts';
import { linkBase } from '#web/public-url.ts';

export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listKioskLinks(locals.runtime.database.db, access.workspace.id));
};

/** The answer carries the link's URL: the only time the token is ever shown. */
export const POST: APIRoute = async ({ locals, request, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, kioskLinkPayload);
  if (!parsed.ok) return parsed.response;
  const { db } = locals.runtime.database;
  const wallboardId = parsed.data.wallboardId ?? null;
  if (wallboardId !== null && !(await findWallboard(db, access.workspace, wallboardId))) return badRequest('Wallboard not found', 'wallboardId');
  const created = await createKioskLink(db, access.workspace.id, parsed.data.label, wallboardId);
  if (!created) return errorJson(409, `A workspace can have at most ${MAX_KIOSK_LINKS} share links: revoke one first`);
  const { token, ...link } = created;
  return json({ ...link, url: `${linkBase(locals.runtime.config, url)}/wall/${token}` }, 201);
};

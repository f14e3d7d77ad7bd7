import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireAdmin } from '#web/guards.ts';
import { requestIntakeCard, requestSettings, saveRequestSettings } from '#domain/integrations/crm/request-intake.ts';
import { webhookToken } from '#domain/integrations/crm/webhook.ts';
import { badRequest, json, parseJsonBody } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';

// The HighLevel request webhook's address and the admin's mapping: which team (by default and per
// HighLevel user), which template and which default staff member requests from HighLevel get.

export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { database, secretKey, config } = locals.runtime;
  const token = await webhookToken(database.db, secretKey, access.workspace.id);
  return json(await requestIntakeCard(database.db, access.workspace.id, linkBase(config, url), token, await requestSettings(database.db, access.workspace.id)));
};

export const PUT: APIRoute = async ({ locals, url, request }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, z.record(z.string(), z.unknown()));
  if (!parsed.ok) return parsed.response;
  const { database, secretKey, config } = locals.runtime;
  const saved = await saveRequestSettings(database.db, access.workspace, parsed.data);
  if (!saved.ok) return badRequest(saved.message, saved.field);
  const token = await webhookToken(database.db, secretKey, access.workspace.id);
  return json({ message: 'Saved', ...(await requestIntakeCard(database.db, access.workspace.id, linkBase(config, url), token, saved.settings)) });
};

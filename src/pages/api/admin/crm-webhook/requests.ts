import type { APIRoute } from 'astro';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { requireAdmin } from '../../../../lib/auth/guards.ts';
import { teams } from '../../../../lib/db/schema.ts';
import { requestSettings, saveRequestSettings, type RequestSettings } from '../../../../lib/crm/request-intake.ts';
import { requestWebhookUrl, webhookToken } from '../../../../lib/crm/webhook.ts';
import { badRequest, json, parseJsonBody } from '../../../../lib/http.ts';
import { linkBase } from '../../../../lib/public-url.ts';
import { listActiveTemplates } from '../../../../lib/templates/store.ts';
import { isReservedTeamName } from '../../../../lib/validation/team-rules.ts';
import type { Db } from '../../../../lib/db/database.ts';

// The HighLevel request webhook's address and the admin's mapping: which team (by default and per
// HighLevel user), which template and which default staff member requests from HighLevel get.

async function answer(db: Db, workspaceId: number, base: string, token: string, settings: RequestSettings) {
  const teamRows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.workspaceId, workspaceId)).orderBy(asc(teams.name));
  const templates = (await listActiveTemplates(db, workspaceId)).map(({ id, name }) => ({ id, name }));
  return {
    url: requestWebhookUrl(base, token),
    settings,
    teams: teamRows.filter((team) => !isReservedTeamName(team.name)),
    templates,
  };
}

export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { database, secretKey, config } = locals.runtime;
  const token = await webhookToken(database.db, secretKey, access.workspace.id);
  return json(await answer(database.db, access.workspace.id, linkBase(config, url), token, await requestSettings(database.db, access.workspace.id)));
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
  return json({ message: 'Saved', ...(await answer(database.db, access.workspace.id, linkBase(config, url), token, saved.settings)) });
};

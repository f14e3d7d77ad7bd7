import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/auth/guards.ts';
import { webhookToken, webhookUrl } from '../../../../lib/crm/webhook.ts';
import { json } from '../../../../lib/http.ts';
import { linkBase } from '../../../../lib/public-url.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { database, secretKey, config } = locals.runtime;
  return json({ url: webhookUrl(linkBase(config, url), await webhookToken(database.db, secretKey, access.workspace.id)) });
};

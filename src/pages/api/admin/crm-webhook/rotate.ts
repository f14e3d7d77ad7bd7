import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { rotateWebhookToken, webhookUrl } from '#domain/integrations/crm/webhook.ts';
import { json } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';

export const POST: APIRoute = async ({ locals, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { database, secretKey, config } = locals.runtime;
  return json({ url: webhookUrl(linkBase(config, url), await rotateWebhookToken(database.db, secretKey, access.workspace.id)) });
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { listDeliveries } from '#domain/integrations/crm/delivery-log.ts';
import { json } from '#web/http.ts';

export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json({ deliveries: await listDeliveries(locals.runtime.database.db, access.workspace.id) });
};

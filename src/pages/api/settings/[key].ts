import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { badRequest, json, parseJsonBody } from '../../../lib/http.ts';
import { announceDataChange } from '../../../lib/live/publish.ts';
import { updateSetting } from '../../../lib/settings.ts';
import { settingPayload } from '../../../lib/validation/admin-payloads.ts';

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, settingPayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await updateSetting(database.db, access.workspace.id, params.key ?? '', parsed.data.value);
  if (!result.ok) return badRequest(result.message, result.field);
  if (result.movesDashboard) await announceDataChange(database, access.workspace.id);
  return json(result.setting);
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { badRequest, json, parseJsonBody } from '#web/http.ts';
import { updateSetting } from '#domain/workspace/settings.ts';
import { settingPayload } from '#contracts/admin-payloads.ts';

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, settingPayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const result = await updateSetting(database, access.workspace.id, params.key ?? '', parsed.data.value);
  if (!result.ok) return badRequest(result.message, result.field);
  return json(result.setting);
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { createTemplate, listTemplates, templateRefusal } from '#domain/requests/templates.ts';
import { templateCreatePayload } from '#contracts/template-payloads.ts';

/** Every template of the workspace, for the admin card (active or not). */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listTemplates(locals.runtime.database.db, access.workspace.id));
};

export const POST: APIRoute = async ({ request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, templateCreatePayload);
  if (!parsed.ok) return parsed.response;
  const result = await createTemplate(locals.runtime.database.db, access.workspace.id, parsed.data);
  return result.ok ? json(result.template, 201) : refused(templateRefusal(result.problem));
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { badRequest, errorJson, json, notFound, parseJsonBody } from '#web/http.ts';
import { createTemplate, listTemplates } from '#domain/requests/templates.ts';
import { templateCreatePayload } from '#contracts/template-payloads.ts';
import { TEMPLATE_HTML_UNSAFE_ONLY, TEMPLATE_LIMIT_MESSAGE, TEMPLATE_NOT_FOUND } from '#shared/template-rules.ts';

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
  if (result.ok) return json(result.template, 201);
  switch (result.problem) {
    case 'limit_reached':
      return errorJson(409, TEMPLATE_LIMIT_MESSAGE);
    case 'empty_html':
      return badRequest(TEMPLATE_HTML_UNSAFE_ONLY, 'htmlContent');
    case 'not_found':
      return notFound(TEMPLATE_NOT_FOUND);
  }
};

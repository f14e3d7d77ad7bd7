import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId, parseJsonBody, refused } from '#web/http.ts';
import { deleteTemplate, templateRefusal, updateTemplate } from '#domain/requests/templates.ts';
import { templateUpdatePayload } from '#contracts/template-payloads.ts';
import { TEMPLATE_NOT_FOUND } from '#shared/template-rules.ts';

/** The template id of the path, or null for anything but an id a row can have (answered 404). */
const templateId = parseId;

export const PATCH: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = templateId(params.id);
  if (id === null) return notFound(TEMPLATE_NOT_FOUND);
  const parsed = await parseJsonBody(request, templateUpdatePayload);
  if (!parsed.ok) return parsed.response;
  const result = await updateTemplate(locals.runtime.database.db, access.workspace.id, id, parsed.data);
  return result.ok ? json(result.template) : refused(templateRefusal(result.problem));
};

export const DELETE: APIRoute = async ({ params, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = templateId(params.id);
  if (id === null) return notFound(TEMPLATE_NOT_FOUND);
  const result = await deleteTemplate(locals.runtime.database.db, access.workspace.id, id);
  return result.ok ? json({ message: 'Template deleted' }) : notFound(TEMPLATE_NOT_FOUND);
};

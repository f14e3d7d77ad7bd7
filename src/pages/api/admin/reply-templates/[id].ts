import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, parseId, parseJsonBody, refused } from '#web/http.ts';
import { deleteReplyTemplate, editReplyTemplate, replyTemplateRefusal } from '#domain/integrations/google/reply-templates.ts';
import { replyTemplateEditPayload } from '#contracts/reply-payloads.ts';

export const PATCH: APIRoute = async ({ params, request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return refused(replyTemplateRefusal('not_found'));
  const parsed = await parseJsonBody(request, replyTemplateEditPayload);
  if (!parsed.ok) return parsed.response;
  const result = await editReplyTemplate(locals.runtime.database.db, access.workspace.id, id, parsed.data);
  return result.ok ? json(result.template) : refused(replyTemplateRefusal(result.problem));
};

export const DELETE: APIRoute = async ({ params, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return refused(replyTemplateRefusal('not_found'));
  const deleted = await deleteReplyTemplate(locals.runtime.database.db, access.workspace.id, id);
  return deleted ? json({ message: 'Reply template deleted' }) : refused(replyTemplateRefusal('not_found'));
};

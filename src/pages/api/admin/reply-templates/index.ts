import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { createReplyTemplate, listReplyTemplates, replyTemplateRefusal } from '#domain/integrations/google/reply-templates.ts';
import { replyTemplateCreatePayload } from '#contracts/reply-payloads.ts';

/** The workspace's reply templates, oldest first (the reply box gets them with its page). */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await listReplyTemplates(locals.runtime.database.db, access.workspace.id));
};

export const POST: APIRoute = async ({ request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, replyTemplateCreatePayload);
  if (!parsed.ok) return parsed.response;
  const result = await createReplyTemplate(locals.runtime.database.db, access.workspace.id, parsed.data);
  return result.ok ? json(result.template, 201) : refused(replyTemplateRefusal(result.problem));
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';
import { templateRefusal } from '#domain/requests/templates.ts';
import { previewTemplateEmail } from '#domain/requests/template-preview.ts';
import { templatePreviewPayload } from '#contracts/template-payloads.ts';

/** A template's email as the customer will see it, with sample names: subject, sender and the HTML (issue 33). */
export const POST: APIRoute = async ({ request, locals, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, templatePreviewPayload);
  if (!parsed.ok) return parsed.response;
  const result = previewTemplateEmail(access.workspace, parsed.data, linkBase(locals.runtime.config, url));
  return result.ok ? json(result.preview) : refused(templateRefusal(result.problem));
};

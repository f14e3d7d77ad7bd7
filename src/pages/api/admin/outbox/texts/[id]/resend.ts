import type { APIRoute } from 'astro';
import { RESEND_TEXT_PROBLEMS, resendText } from '#domain/sms/outbox.ts';
import { requireAdmin } from '#web/guards.ts';
import { json, notFound, parseId, refused } from '#web/http.ts';

/** Sends a text that failed again; answers it as it now is. */
export const POST: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return notFound(RESEND_TEXT_PROBLEMS.not_found.message);
  const result = await resendText(locals.runtime, access.workspace.id, id);
  return result.ok ? json(result.entry) : refused(RESEND_TEXT_PROBLEMS[result.problem]);
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { emailSender } from '#domain/email/mailer.ts';
import { RESEND_PROBLEM_MESSAGES, resendOutboxMessage, resendRefusal } from '#domain/email/outbox.ts';
import { json, notFound, parseId, refused } from '#web/http.ts';

/** Sends a failed or unsent email again; answers the outbox row as it now is. */
export const POST: APIRoute = async ({ locals, params }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return notFound(RESEND_PROBLEM_MESSAGES.not_found);
  const { database, config, jobs } = locals.runtime;
  const result = await resendOutboxMessage({ database, sender: emailSender(config), jobs }, access.workspace.id, id);
  return result.ok ? json(result.entry) : refused(resendRefusal(result.problem));
};

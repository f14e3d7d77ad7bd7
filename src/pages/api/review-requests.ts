import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { emailSender } from '#domain/email/mailer.ts';
import { logRequestRefusal, logReviewRequest } from '#domain/requests/log-request.ts';
import { logRequestPayload } from '#contracts/payloads.ts';
import { linkBase } from '#web/public-url.ts';

/**
 * Logs a review request and queues its email. 201 even when the email could not be sent: the request,
 * its outbox row and its queue job are stored together, and `emailStatus` says what became of the
 * email's first attempt.
 */
export const POST: APIRoute = async ({ request, locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, logRequestPayload);
  if (!parsed.ok) return parsed.response;
  const { database, config, jobs, secretKey } = locals.runtime;
  const result = await logReviewRequest(
    { database, sender: emailSender(config), jobs, secretKey, publicUrl: linkBase(config, url) },
    access.workspace,
    parsed.data,
  );
  if (!result.ok) return refused(logRequestRefusal(result.problem, access.workspace.plan));
  return json({ message: 'Review request logged successfully', request: result.request }, 201);
};

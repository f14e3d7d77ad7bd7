import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { badRequest, errorJson, forbidden, json, parseJsonBody } from '../../lib/http.ts';
import { emailSender } from '../../lib/email/mailer.ts';
import { LOG_REQUEST_PROBLEMS, logReviewRequest } from '../../lib/requests/log-request.ts';
import { logRequestPayload } from '../../lib/validation/payloads.ts';

/**
 * Logs a review request and sends its email. 201 even when the email could not be sent: the request
 * and its outbox row are stored first, and `emailStatus` says what became of the email.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, logRequestPayload);
  if (!parsed.ok) return parsed.response;
  const { database, config } = locals.runtime;
  const result = await logReviewRequest(
    { database, sender: emailSender(config), publicUrl: config.publicUrl },
    access.workspace,
    parsed.data,
  );
  if (!result.ok) {
    const problem = LOG_REQUEST_PROBLEMS[result.problem];
    if (result.problem === 'plan') return forbidden(problem.message);
    return result.problem === 'unsubscribed' ? errorJson(409, problem.message, problem.field) : badRequest(problem.message, problem.field);
  }
  return json({ message: 'Review request logged successfully', request: result.request }, 201);
};

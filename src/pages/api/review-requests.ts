import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { badRequest, errorJson, json, parseJsonBody, planLimitRefused } from '#web/http.ts';
import { emailSender } from '#domain/email/mailer.ts';
import { logRequestProblemText, logReviewRequest } from '#domain/requests/log-request.ts';
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
  const { database, config, jobs } = locals.runtime;
  const result = await logReviewRequest({ database, sender: emailSender(config), jobs, publicUrl: linkBase(config, url) }, access.workspace, parsed.data);
  if (!result.ok) {
    const problem = logRequestProblemText(result.problem, access.workspace.plan);
    if (result.problem === 'plan') return planLimitRefused(problem.message, 'logging');
    if (result.problem === 'team_read_only') return planLimitRefused(problem.message, 'teams', problem.field);
    return result.problem === 'unsubscribed' ? errorJson(409, problem.message, problem.field) : badRequest(problem.message, problem.field);
  }
  return json({ message: 'Review request logged successfully', request: result.request }, 201);
};

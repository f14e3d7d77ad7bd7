import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { emailSender } from '#domain/email/mailer.ts';
import { json, notFound, parseId, planLimitRefused, refused } from '#web/http.ts';
import { planAllowsRequestLogging, REQUEST_LOGGING_UPGRADE_MESSAGE } from '#shared/plans.ts';
import { linkBase } from '#web/public-url.ts';
import { reminderMessage, REMINDER_PROBLEM_MESSAGES, reminderRefusal, sendFollowUpReminder } from '#domain/requests/follow-ups.ts';
import { callerStaffEmail } from '../_caller.ts';

/** Sends the request's one reminder email; answers the follow-up as it now is and what became of the email. */
export const POST: APIRoute = async ({ locals, params, url, cookies }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  // A reminder is a review request sent again: the plans that log requests send it.
  if (!planAllowsRequestLogging(access.workspace.plan)) return planLimitRefused(REQUEST_LOGGING_UPGRADE_MESSAGE, 'logging');
  const id = parseId(params.id);
  if (id === null) return notFound(REMINDER_PROBLEM_MESSAGES.not_found);
  const caller = callerStaffEmail(url, cookies);
  if (!caller.ok) return caller.response;
  const { database, config, jobs } = locals.runtime;
  const result = await sendFollowUpReminder(
    { database, sender: emailSender(config), jobs, publicUrl: linkBase(config, url) },
    access.workspace,
    caller.staffEmail,
    id,
  );
  if (result.ok) {
    return json({ message: reminderMessage(result.emailStatus), followUp: result.followUp, emailStatus: result.emailStatus });
  }
  return refused(reminderRefusal(result.problem));
};

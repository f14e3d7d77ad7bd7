import type { Database } from '#platform/db/database.ts';
import { reviewRequests } from '#platform/db/schema.ts';
import type { OutboxStatus } from '#shared/statuses.ts';
import { composeReviewEmail, reviewLinkUrl } from '#domain/email/compose.ts';
import { firstAttempt, storeOutboxMessage, type Outgoing } from '#domain/email/outbox.ts';
import { raiseEvent } from '#domain/events/domain-events.ts';
import { isUnsubscribed, unsubscribeUrl } from '#domain/email/unsubscribe.ts';
import { announceDataChange } from '#platform/live/publish.ts';
import { planAllowsRequestLogging, REQUEST_LOGGING_UPGRADE_MESSAGE, type Plan } from '#shared/plans.ts';
import type { Refusal } from '#contracts/refusal.ts';
import { sanitizeEmailHtml } from '#platform/sanitize-html.ts';
import { getTeamInWorkspace, isTeamReadOnly, planProblemMessage } from '#domain/game/teams.ts';
import { escapeHtml, fillPlaceholders, type PlaceholderValues } from '#shared/placeholders.ts';
import { getTemplateInWorkspace } from './templates.ts';
import { newToken } from '#platform/tokens.ts';
import type { LogRequestPayload } from '#contracts/payloads.ts';
import { isUnknownTeamName } from '#shared/team-rules.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { logError } from '#platform/log/log.ts';
import { challengeSettings } from '#domain/reviews/scoring.ts';
import { staffIdFor } from '#domain/game/staff/people.ts';
import { localDateOf } from '#shared/time.ts';
import { INTERACTION_DATE_FUTURE } from '#shared/rules.ts';
import { matchKeyColumns } from '#domain/reviews/match-keys.ts';
import { smsCredentials, SMS_NOT_SET_UP } from '#domain/sms/account.ts';
import { isOptedOut } from '#domain/sms/opt-outs.ts';
import { OPTED_OUT, storeSmsMessage, type StoredSms } from '#domain/sms/outbox.ts';
import { readSmsSettings } from '#domain/sms/sms-settings.ts';
import { readMobileNumber } from '#shared/phone.ts';
import { quietUntil } from '#shared/quiet-hours.ts';
import { composeSmsText } from '#shared/sms-text.ts';
import type { RequestChannel, SmsStatus } from '#shared/statuses.ts';

// Logging a review request (issue 4): the staff member's form becomes a stored request with its
// tracked-link token, its email in the outbox and the queue job that sends it, committed together.
// A send that fails is retried by the queue; one that cannot happen without SMTP stays in the outbox.

/** The request as POST /api/review-requests answers it (campaignId and inviteId both name it). */
export interface LoggedRequest {
  id: number;
  campaignId: number;
  inviteId: number;
  customerName: string;
  customerEmail: string;
  staffFirstName: string;
  teamId: number;
  teamName: string;
  createdAt: string;
  /** How it went to the customer (issue 29). */
  channel: RequestChannel;
  /** The customer's mobile number, E.164, when texted. */
  phone?: string;
  /** Only when an email went: where the outbox has it. */
  emailStatus?: OutboxStatus;
  /** Only when a text went: where it stands. */
  smsStatus?: SmsStatus;
  /** Only when quiet hours hold the text: when it goes (ISO 8601). */
  smsScheduledFor?: string;
  /** Only when the email was not sent: the customer's review link, for staff to copy or text. */
  reviewLink?: string;
}

export type LogRequestProblem =
  | 'plan'
  | 'team'
  | 'team_read_only'
  | 'template'
  | 'unsubscribed'
  | 'interaction_future'
  | 'email_missing'
  | 'phone_missing'
  | 'phone_invalid'
  | 'sms_not_set_up'
  | 'opted_out';

const LOG_REQUEST_REFUSALS: Record<Exclude<LogRequestProblem, 'team_read_only'>, Refusal> = {
  plan: { status: 403, message: REQUEST_LOGGING_UPGRADE_MESSAGE, planLimit: 'logging' },
  // The Unknown team holds reviews that match nobody: a request is always logged for a real team.
  team: { status: 400, message: 'Team selection is required', field: 'teamId' },
  template: { status: 400, message: 'Template selection is required', field: 'templateId' },
  unsubscribed: { status: 409, message: 'This customer unsubscribed from your review requests, so no email can be sent to them', field: 'email' },
  interaction_future: { status: 400, message: INTERACTION_DATE_FUTURE, field: 'interactionDate' },
  email_missing: { status: 400, message: 'Customer email is required', field: 'email' },
  phone_missing: { status: 400, message: 'Customer mobile number is required to send a text', field: 'phone' },
  phone_invalid: {
    status: 400,
    message: 'Enter a mobile number that can receive texts: in international form (+61 412 345 678) or as you dial it',
    field: 'phone',
  },
  sms_not_set_up: { status: 400, message: SMS_NOT_SET_UP, field: 'channel' },
  // As email's unsubscribe: the customer said no, and asking again would break the law.
  opted_out: { status: 409, message: OPTED_OUT, field: 'phone' },
};

/**
 * How every way in answers a refused request (the app's API, the public API, the CRM receiver): the
 * same input gets the same status and words (decision 057); plan problems name the plan's limit.
 */
export function logRequestRefusal(problem: LogRequestProblem, plan: Plan): Refusal {
  if (problem === 'team_read_only') return { status: 403, message: planProblemMessage('read_only', plan), field: 'teamId', planLimit: 'teams' };
  return LOG_REQUEST_REFUSALS[problem];
}

export type LogRequestResult = { ok: true; request: LoggedRequest } | { ok: false; problem: LogRequestProblem };

export interface LogRequestContext extends Outgoing {
  database: Database;
  publicUrl: string;
  /** Opens the workspace's Twilio account, to know whether it can text. */
  secretKey: Buffer;
}

/** True when HTML shows no text at all (an empty editor gives "<p><br></p>"). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/gi, '')
      .trim() === ''
  );
}

export async function logReviewRequest(ctx: LogRequestContext, workspace: Workspace, input: LogRequestPayload): Promise<LogRequestResult> {
  if (!planAllowsRequestLogging(workspace.plan)) return { ok: false, problem: 'plan' };
  const { db } = ctx.database;
  const team = await getTeamInWorkspace(db, workspace.id, input.teamId);
  if (!team || isUnknownTeamName(team.name)) return { ok: false, problem: 'team' };
  if (await isTeamReadOnly(db, workspace, team.id)) return { ok: false, problem: 'team_read_only' };
  const template = await getTemplateInWorkspace(db, workspace.id, input.templateId);
  if (!template) return { ok: false, problem: 'template' };
  const texting = await readSmsSettings(db, workspace.id);
  const channel = input.channel ?? texting.defaultChannel;
  const byEmail = channel !== 'sms';
  const byText = channel !== 'email';
  if (byEmail && !input.email) return { ok: false, problem: 'email_missing' };
  let phone: string | null = null;
  if (input.phone || byText) {
    if (!input.phone) return { ok: false, problem: 'phone_missing' };
    const read = readMobileNumber(input.phone, texting.phoneCountry);
    if (!read.ok) return { ok: false, problem: 'phone_invalid' };
    phone = read.e164;
  }
  if (byText && !(await smsCredentials(db, ctx.secretKey, workspace.id))) return { ok: false, problem: 'sms_not_set_up' };
  if (byText && phone && (await isOptedOut(db, workspace.id, phone))) return { ok: false, problem: 'opted_out' };
  if (byEmail && (await isUnsubscribed(db, workspace.id, input.email))) return { ok: false, problem: 'unsubscribed' };
  const today = localDateOf(new Date(), (await challengeSettings(db, workspace)).timezone);
  if (input.interactionDate > today) return { ok: false, problem: 'interaction_future' };

  // The staff member's edited subject and body, or the template's when left empty. Placeholders still
  // in them are filled here too (names typed after the template was chosen), values escaped for HTML.
  const values: PlaceholderValues = {
    firstName: input.firstName,
    lastName: input.lastName,
    staffFirstName: input.staffFirstName,
    companyName: workspace.businessName,
  };
  const subject = fillPlaceholders(input.customEmailSubject || template.subject, values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const custom = sanitizeEmailHtml(input.customEmailContent);
  const bodyHtml = sanitizeEmailHtml(fillPlaceholders(isBlankHtml(custom) ? template.htmlContent : custom, values, escapeHtml));

  const token = newToken();
  const email = composeReviewEmail({
    businessName: workspace.businessName,
    staffFirstName: input.staffFirstName,
    staffEmail: input.staffEmail,
    customerEmail: input.email,
    subject,
    bodyHtml,
    reviewUrl: reviewLinkUrl(ctx.publicUrl, token),
    unsubscribeUrl: unsubscribeUrl(ctx.publicUrl, token),
  });

  const reviewLink = reviewLinkUrl(ctx.publicUrl, token);
  const { request, outboxId, text } = await db.transaction(async (tx) => {
    const [request] = await tx
      .insert(reviewRequests)
      .values({
        workspaceId: workspace.id,
        teamId: team.id,
        staffId: await staffIdFor(tx, workspace.id, input.staffEmail, input.staffFirstName),
        interactionDate: input.interactionDate || today,
        staffFirstName: input.staffFirstName,
        staffEmail: input.staffEmail,
        customerFirstName: input.firstName,
        customerLastName: input.lastName,
        customerEmail: byEmail ? input.email : '',
        channel,
        customerPhone: phone,
        ...matchKeyColumns({ firstName: input.firstName, lastName: input.lastName, email: byEmail ? input.email : '', phone }),
        templateId: template.id,
        emailSubject: subject,
        emailHtml: bodyHtml,
        token,
      })
      .returning({ id: reviewRequests.id, createdAt: reviewRequests.createdAt });
    const outboxId = byEmail ? await storeOutboxMessage(tx, ctx, { workspaceId: workspace.id, requestId: request!.id, email }) : null;
    let text: StoredSms | null = null;
    if (byText && phone) {
      text = await storeSmsMessage(tx, ctx.jobs, {
        workspaceId: workspace.id,
        requestId: request!.id,
        toPhone: phone,
        body: composeSmsText(template.smsBody, values, reviewLink),
        // A text logged in quiet hours waits for their end; the answer says when it goes.
        sendAfter: quietUntil(new Date(), texting.timeZone, texting.quietStart, texting.quietEnd),
      });
    }
    await raiseEvent(ctx.jobs, { type: 'request.logged', workspaceId: workspace.id, data: { requestId: request!.id } }, { tx });
    return { request: request!, outboxId, text };
  });

  try {
    await announceDataChange(ctx.database, workspace.id);
  } catch (error) {
    logError('Could not announce a logged review request', error);
  }

  const sent = outboxId === null ? null : await firstAttempt(ctx.database, workspace.id, outboxId);
  return {
    ok: true,
    request: {
      id: request.id,
      campaignId: request.id,
      inviteId: request.id,
      customerName: `${input.firstName} ${input.lastName}`,
      customerEmail: byEmail ? input.email : '',
      staffFirstName: input.staffFirstName,
      teamId: team.id,
      teamName: team.name,
      createdAt: request.createdAt.toISOString(),
      channel,
      ...(phone ? { phone } : {}),
      ...(byEmail ? { emailStatus: sent?.status ?? 'pending' } : {}),
      ...(text ? { smsStatus: text.status } : {}),
      ...(text?.sendAfter ? { smsScheduledFor: text.sendAfter.toISOString() } : {}),
      ...(byEmail && sent?.status === 'sent' ? {} : { reviewLink }),
    },
  };
}

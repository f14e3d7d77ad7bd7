import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Db } from '#platform/db/database.ts';
import { emailTemplates, reviewRequests, staff, teams } from '#platform/db/schema.ts';
import type { OutboxStatus } from '#shared/statuses.ts';
import { reviewLinkUrl } from '#domain/email/compose.ts';
import { firstAttempt, storeOutboxMessage, type Outgoing } from '#domain/email/outbox.ts';
import { composeReminderEmail } from './reminder-email.ts';
import { unsubscribeUrl } from '#domain/email/unsubscribe.ts';
import { DEFAULT_TIMEZONE } from '#shared/settings-rules.ts';
import { readSettings } from '#domain/workspace/settings.ts';
import { staffEmailKey } from '#domain/game/staff/people.ts';
import { fillPlaceholders } from '#shared/placeholders.ts';
import { daysBetween, localDateOf } from '#shared/time.ts';
import { checkSettingValue, DEFAULT_FOLLOW_UP_AFTER_DAYS } from '#shared/settings-rules.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import type { Refusal } from '#contracts/refusal.ts';
import { listUnmatchedReviews } from '#domain/reviews/queries.ts';
import { declineSuggestedRequest } from '#domain/reviews/assign.ts';

// The "Follow up" list (issue 13, docs/decisions/033): a person's requests whose customer has not
// opened the review link some days after the email went out, to call or remind once.

/** How long a request stays in the list once due: a customer not reached in a month is past asking. */
export const FOLLOW_UP_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rule needs to know of a request. */
export interface FollowUpFacts {
  staffId: number;
  /** When its email went out; null when it never did (no SMTP, a failed send). */
  sentAt: Date | null;
  createdAt: Date;
  clickedAt: Date | null;
  /** A review is linked to it (any status but "unmatched"). */
  matched: boolean;
  /** Its customer unsubscribed from the workspace's requests. */
  unsubscribed: boolean;
}

export interface FollowUpRule {
  /** The caller's person (their staff entry, or the one it was merged into); null before their first request. */
  personId: number | null;
  /** That entry and the entries merged into it. */
  personIds: ReadonlySet<number>;
  afterDays: number;
  timezone: string;
  now: Date;
}

/**
 * The calendar days (workspace time) a request has waited: since its email went out, or since it was
 * logged when it never went out (staff then sent the link themselves, or should have).
 */
export function daysWaiting(facts: Pick<FollowUpFacts, 'sentAt' | 'createdAt'>, rule: Pick<FollowUpRule, 'now' | 'timezone'>): number {
  return daysBetween(localDateOf(facts.sentAt ?? facts.createdAt, rule.timezone), localDateOf(rule.now, rule.timezone));
}

/** The days waited when the request is in the caller's Follow up list; null when it is not. */
export function followUpDays(facts: FollowUpFacts, rule: FollowUpRule): number | null {
  if (!rule.personIds.has(facts.staffId) || facts.clickedAt !== null || facts.matched || facts.unsubscribed) return null;
  const days = daysWaiting(facts, rule);
  return days >= rule.afterDays && days <= rule.afterDays + FOLLOW_UP_WINDOW_DAYS ? days : null;
}

export type ReminderProblem = 'not_found' | 'not_due' | 'already_sent';

/** Why no reminder may go for a request (another person's is not found), or null when one may. */
export function reminderProblem(facts: FollowUpFacts & { reminderSentAt: Date | null; token: string | null }, rule: FollowUpRule): ReminderProblem | null {
  if (!rule.personIds.has(facts.staffId)) return 'not_found';
  if (facts.reminderSentAt !== null) return 'already_sent';
  return facts.token === null || followUpDays(facts, rule) === null ? 'not_due' : null;
}

/** GET /api/follow-ups's list item. */
export interface FollowUp {
  id: number;
  customerName: string;
  customerEmail: string;
  teamName: string | null;
  /** ISO 8601; null when the email never went out (the wait counts from the logging). */
  sentAt: string | null;
  daysWaiting: number;
  /** The request's template's phone script with the names filled in; null when none. */
  phoneScript: string | null;
  reminderSentAt: string | null;
}

/**
 * "Is this your customer?" (issue 32): a review the matcher was not sure enough to count, pointing to
 * a request of this person's; they know their customers, so one tap confirms it (or says no).
 */
export interface SuggestedMatch {
  review: { id: number; kind: 'google' | 'action'; reviewerName: string | null; rating: number; reviewText: string | null; createTime: string };
  request: { id: number; customerName: string; customerEmail: string; createdAt: string };
}

export interface FollowUpList {
  staffEmail: string;
  /** The person the email belongs to (their desk card is /{slug}/desk-card/{staffId}); null before their first request. */
  staffId: number | null;
  afterDays: number;
  followUps: FollowUp[];
  /** Reviews suggested for this person's requests, waiting for their yes or no; newest first. */
  suggestions: SuggestedMatch[];
}

/**
 * The person a staff email belongs to (their entry, or the one it was merged into), and the ids of
 * that entry and those merged into it.
 */
async function personFor(db: Db, workspaceId: number, staffEmail: string): Promise<{ personId: number | null; personIds: Set<number> }> {
  const [entry] = await db
    .select({ id: staff.id, mergedIntoId: staff.mergedIntoId })
    .from(staff)
    .where(and(eq(staff.workspaceId, workspaceId), eq(staff.email, staffEmailKey(staffEmail))));
  if (!entry) return { personId: null, personIds: new Set() };
  const personId = entry.mergedIntoId ?? entry.id;
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.workspaceId, workspaceId), or(eq(staff.id, personId), eq(staff.mergedIntoId, personId))));
  return { personId, personIds: new Set(rows.map((r) => r.id)) };
}

async function followUpRule(db: Db, workspace: Pick<Workspace, 'id'>, staffEmail: string, now: Date): Promise<FollowUpRule> {
  const [{ personId, personIds }, values] = await Promise.all([
    personFor(db, workspace.id, staffEmail),
    readSettings(db, workspace.id, ['follow_up_after_days', 'timezone']),
  ]);
  const days = checkSettingValue('follow_up_after_days', values.get('follow_up_after_days') ?? '');
  return {
    personId,
    personIds,
    afterDays: days.ok ? Number(days.value) : DEFAULT_FOLLOW_UP_AFTER_DAYS,
    timezone: values.get('timezone') || DEFAULT_TIMEZONE,
    now,
  };
}

/**
 * The person's requests that might be due, with what the rule needs. The SQL only narrows (workspace,
 * person, a time range two days wider than the rule's on each side, for zone offsets and clock changes);
 * followUpDays decides.
 */
async function candidates(db: Db, workspaceId: number, rule: FollowUpRule, onlyId?: number) {
  if (rule.personIds.size === 0) return [];
  const waitingSince = sql`coalesce(${reviewRequests.sentAt}, ${reviewRequests.createdAt})`;
  const newest = new Date(rule.now.getTime() - (rule.afterDays - 2) * DAY_MS);
  const oldest = new Date(rule.now.getTime() - (rule.afterDays + FOLLOW_UP_WINDOW_DAYS + 2) * DAY_MS);
  return db
    .select({
      id: reviewRequests.id,
      staffId: reviewRequests.staffId,
      sentAt: reviewRequests.sentAt,
      createdAt: reviewRequests.createdAt,
      clickedAt: reviewRequests.clickedAt,
      reminderSentAt: reviewRequests.reminderSentAt,
      token: reviewRequests.token,
      firstName: reviewRequests.customerFirstName,
      lastName: reviewRequests.customerLastName,
      customerEmail: reviewRequests.customerEmail,
      staffFirstName: reviewRequests.staffFirstName,
      staffEmail: reviewRequests.staffEmail,
      teamName: teams.name,
      phoneScript: emailTemplates.phoneScript,
      matched: sql<boolean>`exists (select 1 from reviews where reviews.workspace_id = ${workspaceId} and reviews.request_id = ${reviewRequests.id} and reviews.match_status <> 'unmatched')`,
      unsubscribed: sql<boolean>`exists (select 1 from unsubscribes where unsubscribes.workspace_id = ${workspaceId} and unsubscribes.email = lower(btrim(${reviewRequests.customerEmail})))`,
    })
    .from(reviewRequests)
    .leftJoin(teams, and(eq(teams.id, reviewRequests.teamId), eq(teams.workspaceId, workspaceId)))
    .leftJoin(emailTemplates, and(eq(emailTemplates.id, reviewRequests.templateId), eq(emailTemplates.workspaceId, workspaceId)))
    .where(
      and(
        eq(reviewRequests.workspaceId, workspaceId),
        inArray(reviewRequests.staffId, [...rule.personIds]),
        // A reminder is an email: a request asked by text alone, or at the desk, has no address for one.
        ne(reviewRequests.customerEmail, ''),
        onlyId === undefined
          ? sql`${waitingSince} between ${oldest.toISOString()}::timestamptz and ${newest.toISOString()}::timestamptz`
          : eq(reviewRequests.id, onlyId),
      ),
    )
    .orderBy(asc(waitingSince), asc(reviewRequests.id));
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number];

function toFollowUp(row: Candidate, days: number, companyName: string): FollowUp {
  const script = row.phoneScript?.trim();
  return {
    id: row.id,
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    customerEmail: row.customerEmail,
    teamName: row.teamName,
    sentAt: row.sentAt?.toISOString() ?? null,
    daysWaiting: days,
    phoneScript: script
      ? fillPlaceholders(script, { firstName: row.firstName, lastName: row.lastName, staffFirstName: row.staffFirstName, companyName })
      : null,
    reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
  };
}

/** The caller's Follow up list, the longest waiting first, and the reviews suggested for their requests. */
export async function listFollowUps(db: Db, workspace: Workspace, staffEmail: string, now = new Date()): Promise<FollowUpList> {
  const rule = await followUpRule(db, workspace, staffEmail, now);
  const followUps: FollowUp[] = [];
  for (const row of await candidates(db, workspace.id, rule)) {
    const days = followUpDays(row, rule);
    if (days !== null) followUps.push(toFollowUp(row, days, workspace.businessName));
  }
  const suggestions = await suggestedMatches(db, workspace, rule.personIds);
  return { staffEmail: staffEmailKey(staffEmail), staffId: rule.personId, afterDays: rule.afterDays, followUps, suggestions };
}

/** The waiting reviews (the reviews page's Unmatched list) whose suggested request is one of this person's. */
async function suggestedMatches(db: Db, workspace: Workspace, personIds: ReadonlySet<number>): Promise<SuggestedMatch[]> {
  if (personIds.size === 0) return [];
  const suggested = (await listUnmatchedReviews(db, workspace)).filter((r) => r.suggestedInviteId !== null);
  if (suggested.length === 0) return [];
  const requests = await db
    .select({
      id: reviewRequests.id,
      firstName: reviewRequests.customerFirstName,
      lastName: reviewRequests.customerLastName,
      email: reviewRequests.customerEmail,
      createdAt: reviewRequests.createdAt,
    })
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.workspaceId, workspace.id),
        inArray(reviewRequests.staffId, [...personIds]),
        inArray(
          reviewRequests.id,
          suggested.map((r) => r.suggestedInviteId!),
        ),
      ),
    );
  const byId = new Map(requests.map((r) => [r.id, r]));
  return suggested.flatMap((review) => {
    const request = byId.get(review.suggestedInviteId!);
    if (!request) return [];
    return [
      {
        review: {
          id: review.id,
          kind: review.kind,
          reviewerName: review.reviewerName,
          rating: review.rating,
          reviewText: review.reviewText,
          createTime: review.createTime,
        },
        request: {
          id: request.id,
          customerName: `${request.firstName} ${request.lastName}`.trim(),
          customerEmail: request.email,
          createdAt: request.createdAt.toISOString(),
        },
      },
    ];
  });
}

export type ReminderResult = { ok: true; followUp: FollowUp; emailStatus: OutboxStatus } | { ok: false; problem: ReminderProblem | 'no_email' };

/** How the API answers a reminder refused. */
export function reminderRefusal(problem: ReminderProblem | 'no_email'): Refusal {
  return { status: problem === 'not_found' ? 404 : 409, message: REMINDER_PROBLEM_MESSAGES[problem] };
}

export const REMINDER_PROBLEM_MESSAGES: Record<ReminderProblem | 'no_email', string> = {
  not_found: 'Request not found',
  not_due: 'This request does not need a follow-up',
  already_sent: 'A reminder was already sent for this request',
  no_email: 'This workspace does not send email, so no reminder can be sent: call the customer instead',
};

/** What the reminder's answer says of its email. */
export function reminderMessage(status: OutboxStatus): string {
  if (status === 'sent') return 'Reminder sent';
  if (status === 'failed') return 'The reminder could not be sent: an admin can see why in the outbox';
  return 'The reminder could not be sent yet: it will be tried again automatically';
}

export interface ReminderContext extends Outgoing {
  publicUrl: string;
}

/**
 * Sends a request's one reminder email, asked for by its person from the Follow up list. Marking the
 * reminder sent is the claim (only from "not sent"), committed with its outbox row, so two clicks or
 * two instances send one email; its send is queued in the same commit, as for the request's own email.
 */
export async function sendFollowUpReminder(
  ctx: ReminderContext,
  workspace: Pick<Workspace, 'id' | 'businessName'>,
  staffEmail: string,
  requestId: number,
  now = new Date(),
): Promise<ReminderResult> {
  const { db } = ctx.database;
  const rule = await followUpRule(db, workspace, staffEmail, now);
  const [row] = await candidates(db, workspace.id, rule, requestId);
  if (!row) return { ok: false, problem: 'not_found' };
  const problem = reminderProblem(row, rule);
  if (problem) return { ok: false, problem };
  // Without SMTP the one reminder is not used up: there is nothing an admin could resend later.
  if (!ctx.sender.mailer) return { ok: false, problem: 'no_email' };

  const email = composeReminderEmail({
    businessName: workspace.businessName,
    customerFirstName: row.firstName,
    staffFirstName: row.staffFirstName,
    staffEmail: row.staffEmail,
    customerEmail: row.customerEmail,
    reviewUrl: reviewLinkUrl(ctx.publicUrl, row.token!),
    unsubscribeUrl: unsubscribeUrl(ctx.publicUrl, row.token!),
  });
  const claimed = await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(reviewRequests)
      .set({ reminderSentAt: sql`now()` })
      .where(and(eq(reviewRequests.workspaceId, workspace.id), eq(reviewRequests.id, row.id), isNull(reviewRequests.reminderSentAt)))
      .returning({ at: reviewRequests.reminderSentAt });
    if (!marked) return null;
    const outboxId = await storeOutboxMessage(tx, ctx, { workspaceId: workspace.id, requestId: row.id, email });
    return { at: marked.at!, outboxId };
  });
  if (!claimed) return { ok: false, problem: 'already_sent' };

  const sent = await firstAttempt(ctx.database, workspace.id, claimed.outboxId);
  return {
    ok: true,
    followUp: toFollowUp({ ...row, reminderSentAt: claimed.at }, followUpDays(row, rule)!, workspace.businessName),
    emailStatus: sent?.status ?? 'pending',
  };
}

/** "No, not my customer" on a suggestion of the caller's Follow up list; false when it is not (or no longer) theirs. */
export async function declineSuggestion(database: Database, workspace: Workspace, staffEmail: string, reviewId: number): Promise<boolean> {
  const { personIds } = await personFor(database.db, workspace.id, staffEmail);
  const mine = (await suggestedMatches(database.db, workspace, personIds)).find((s) => s.review.id === reviewId);
  return mine ? declineSuggestedRequest(database, workspace.id, reviewId, [mine.request.id]) : false;
}

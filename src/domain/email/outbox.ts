import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { Database, Db } from '#platform/db/database.ts';
import { emailOutbox, reviewRequests } from '#platform/db/schema.ts';
import type { OutboxStatus } from '#shared/statuses.ts';
import { queueAgain, type JobQueue } from '#platform/jobs/queue.ts';
import { stableUuid } from '#platform/jobs/stable-id.ts';
import { log } from '#platform/log/log.ts';
import type { ComposedEmail } from './compose.ts';
import type { EmailSender } from './mailer.ts';
import type { Refusal } from '#contracts/refusal.ts';

// Every message the product sends, or would send, is a row here, committed with the queue job that
// sends it (decision 038). The job retries a failed send with backoff; the row says what became of
// it, so nothing is lost: the admin sees every failure and can resend.

/** An outbox row as GET /api/admin/outbox shows it. */
export interface OutboxEntry {
  id: number;
  requestId: number | null;
  to: string;
  subject: string;
  status: OutboxStatus;
  error: string | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
}

/** How many rows the admin list shows (the newest). */
export const OUTBOX_LIST_LIMIT = 200;
/** How long logging a request waits for its email's first attempt, to tell staff whether it went. */
export const FIRST_ATTEMPT_WAIT_MS = 4000;
const ERROR_TEXT_MAX = 1000;
/** Told the id of a message each time an attempt at it ends, on every instance. */
const ATTEMPTED_CHANNEL = 'review_challenge_email_attempted';

const entryColumns = {
  id: emailOutbox.id,
  requestId: emailOutbox.requestId,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  error: emailOutbox.error,
  attempts: emailOutbox.attempts,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

type EntryRow = { [K in keyof OutboxEntry]: K extends 'createdAt' ? Date : K extends 'sentAt' ? Date | null : OutboxEntry[K] };

function toEntry(row: EntryRow): OutboxEntry {
  return { ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null };
}

export async function listOutbox(db: Db, workspaceId: number): Promise<OutboxEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(emailOutbox)
    .where(eq(emailOutbox.workspaceId, workspaceId))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(OUTBOX_LIST_LIMIT);
  return rows.map(toEntry);
}

export async function getOutboxEntry(db: Db, workspaceId: number, id: number): Promise<OutboxEntry | null> {
  const [row] = await db
    .select(entryColumns)
    .from(emailOutbox)
    .where(and(eq(emailOutbox.workspaceId, workspaceId), eq(emailOutbox.id, id)));
  return row ? toEntry(row) : null;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.trim() || 'The mail server refused the message').slice(0, ERROR_TEXT_MAX);
}

/**
 * True when the mail server said the address itself is wrong (5xx with an RFC 3463 "5.1.x"
 * addressing status, such as 550 5.1.1 user unknown): trying again cannot help. Every other failure,
 * a 5xx without that status included, is tried again: servers refuse for a while when they are
 * overloaded, rate-limiting or misconfigured.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, response } = error as { responseCode?: unknown; response?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && typeof response === 'string' && /\b5\.1\.\d{1,3}\b/.test(response);
}

/** The queue job of a message's send round: the same message and round always name the same job. */
export function emailJobId(outboxId: number, round: number): string {
  return stableUuid(`email:${outboxId}:${round}`);
}

export interface EmailJob {
  workspaceId: number;
  outboxId: number;
}

declare module '#platform/jobs/queue.ts' {
  interface QueuePayloads {
    email: EmailJob;
  }
}

/** Queues the send of a stored message, in the transaction that stored it (or claimed it for a resend). */
export async function queueOutboxMessage(tx: Db, jobs: JobQueue, message: EmailJob & { round: number }): Promise<void> {
  const { workspaceId, outboxId, round } = message;
  await jobs.send('email', { workspaceId, outboxId }, { id: emailJobId(outboxId, round), tx });
}

/**
 * Stores a request's email in the outbox and, when this server sends email, queues its send: in the
 * caller's transaction, so the message, its job and the change that wrote it commit together. Without
 * SMTP it is kept as "not sent: no SMTP" for an admin to resend once SMTP is set up. The row's id.
 */
export async function storeOutboxMessage(
  tx: Db,
  outgoing: Outgoing,
  message: { workspaceId: number; requestId: number; email: ComposedEmail },
): Promise<number> {
  const { workspaceId, requestId, email } = message;
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      workspaceId,
      requestId,
      toAddress: email.to,
      fromName: email.fromName,
      replyTo: email.replyTo,
      subject: email.subject,
      html: email.html,
      text: email.text,
      unsubscribeUrl: email.unsubscribeUrl,
      status: outgoing.sender.mailer ? 'pending' : 'not sent: no SMTP',
    })
    .returning({ id: emailOutbox.id });
  if (outgoing.sender.mailer) await queueOutboxMessage(tx, outgoing.jobs, { workspaceId, outboxId: row!.id, round: 0 });
  return row!.id;
}

/** Queues again every message still to be sent (at start: see queueAgain), under its send round's job id. */
export async function requeueUnsentEmails(db: Db, jobs: JobQueue): Promise<number> {
  const unsent = await db
    .select({ workspaceId: emailOutbox.workspaceId, outboxId: emailOutbox.id, round: emailOutbox.sendRound })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ['pending', 'retrying']));
  return queueAgain(
    jobs,
    'email',
    unsent.map(({ workspaceId, outboxId, round }) => ({ id: emailJobId(outboxId, round), data: { workspaceId, outboxId } })),
  );
}

/** Who waits for an attempt at which message, per database: one LISTEN each, opened at the first wait. */
const waiting = new WeakMap<Database, { listening: Promise<unknown>; waiters: Map<number, Set<() => void>> }>();

function attemptsOf(database: Database) {
  let known = waiting.get(database);
  if (!known) {
    const waiters = new Map<number, Set<() => void>>();
    const listening = database
      .listen(ATTEMPTED_CHANNEL, (payload) => {
        for (const wake of waiters.get(Number(payload)) ?? []) wake();
      })
      .catch((error: unknown) => {
        // This wait lasts its whole time; the next one tries to listen again.
        waiting.delete(database);
        log.warn({ err: errorText(error) }, 'Could not listen for email attempts');
      });
    known = { listening, waiters };
    waiting.set(database, known);
  }
  return known;
}

/**
 * The message as it stands once its first attempt is made, or after waitMs: what logging a request
 * answers, so staff know at once whether the customer got the email. The worker that makes the
 * attempt (on this instance or another) says so on ATTEMPTED_CHANNEL; the message is read before the
 * wait, in case the attempt came first, and once after it.
 */
export async function firstAttempt(database: Database, workspaceId: number, id: number, waitMs = FIRST_ATTEMPT_WAIT_MS): Promise<OutboxEntry | null> {
  const { listening, waiters } = attemptsOf(database);
  let wake = () => {};
  const attempted = new Promise<void>((resolve) => (wake = resolve));
  const timer = setTimeout(wake, waitMs);
  const mine = waiters.get(id) ?? new Set();
  waiters.set(id, mine.add(wake));
  try {
    await listening;
    const entry = await getOutboxEntry(database.db, workspaceId, id);
    if (entry?.status !== 'pending') return entry;
    await attempted;
    return await getOutboxEntry(database.db, workspaceId, id);
  } finally {
    clearTimeout(timer);
    mine.delete(wake);
    if (mine.size === 0) waiters.delete(id);
  }
}

export type Attempt = { lastAttempt: boolean };

/**
 * One attempt at a queued message: sent (and the request's sent_at), or the reason kept with the
 * message, "retrying" while the queue will try again, "failed" once it will not. A message no longer
 * waiting (sent, or settled by an earlier attempt) is left alone. Answers whether to try again.
 */
export async function attemptOutboxMessage(db: Db, sender: EmailSender, job: EmailJob, attempt: Attempt): Promise<'done' | 'retry'> {
  const where = and(eq(emailOutbox.workspaceId, job.workspaceId), eq(emailOutbox.id, job.outboxId));
  const [message] = await db.select().from(emailOutbox).where(where);
  if (!message || (message.status !== 'pending' && message.status !== 'retrying')) return 'done';

  if (!sender.mailer) {
    // SMTP was switched off while the message waited: it stays here for the admin to resend.
    await db.update(emailOutbox).set({ status: 'not sent: no SMTP', error: null }).where(where);
    return 'done';
  }

  const attempts = sql`${emailOutbox.attempts} + 1`;
  try {
    await sender.mailer.send({
      from: { name: message.fromName, address: sender.fromAddress },
      to: message.toAddress,
      replyTo: message.replyTo,
      subject: message.subject,
      html: message.html,
      text: message.text,
      unsubscribeUrl: message.unsubscribeUrl,
    });
  } catch (error) {
    const final = attempt.lastAttempt || isPermanentRefusal(error);
    // A mail server's refusal often quotes the recipient: the reason stays in the outbox, not the log.
    log.warn({ workspaceId: job.workspaceId, outboxId: job.outboxId, willRetry: !final }, 'An email could not be sent; its outbox entry says why');
    await db
      .update(emailOutbox)
      .set({ status: final ? 'failed' : 'retrying', error: errorText(error), attempts })
      .where(where);
    return final ? 'done' : 'retry';
  }
  const sentAt = new Date();
  await db.update(emailOutbox).set({ status: 'sent', error: null, attempts, sentAt }).where(where);
  if (message.requestId !== null) {
    await db
      .update(reviewRequests)
      .set({ sentAt })
      .where(and(eq(reviewRequests.workspaceId, job.workspaceId), eq(reviewRequests.id, message.requestId), isNull(reviewRequests.sentAt)));
  }
  return 'done';
}

/** The email queue's worker: a batch of messages (many after an outage) sent side by side. */
export function emailWorker(database: Database, sender: EmailSender) {
  return async (jobs: JobWithMetadata<EmailJob>[]): Promise<JobResult[]> =>
    Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
        try {
          const outcome = await attemptOutboxMessage(database.db, sender, job.data, { lastAttempt: job.retryCount >= job.retryLimit });
          return { id: job.id, status: outcome === 'done' ? 'completed' : 'failed' };
        } catch (error) {
          // The database, not the mail server, failed: the queue tries the job again later.
          log.warn({ outboxId: job.data.outboxId, err: errorText(error) }, 'An email job stopped on an error; it will be tried again');
          return { id: job.id, status: 'failed' };
        } finally {
          // A notice lost costs a waiting request its wait (FIRST_ATTEMPT_WAIT_MS), never the email.
          await database.notify(ATTEMPTED_CHANNEL, String(job.data.outboxId)).catch(() => {});
        }
      }),
    );
}

export type ResendResult = { ok: true; entry: OutboxEntry } | { ok: false; problem: 'not_found' | 'already_sent' | 'in_progress' };

export const RESEND_PROBLEM_MESSAGES = {
  not_found: 'Email not found',
  already_sent: 'This email has already been sent',
  in_progress: 'This email is being sent right now',
} as const;

/** How the API answers a resend refused. */
export function resendRefusal(problem: keyof typeof RESEND_PROBLEM_MESSAGES): Refusal {
  return { status: problem === 'not_found' ? 404 : 409, message: RESEND_PROBLEM_MESSAGES[problem] };
}

/**
 * Sends a failed or never-sent message again: claimed (only from those statuses, so two resends at
 * once make one) and queued in one transaction, in a new send round; answers its first attempt.
 */
export async function resendOutboxMessage(outgoing: Outgoing, workspaceId: number, id: number): Promise<ResendResult> {
  const { db } = outgoing.database;
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set(outgoing.sender.mailer ? { status: 'pending', sendRound: sql`${emailOutbox.sendRound} + 1` } : { status: 'not sent: no SMTP', error: null })
      .where(and(eq(emailOutbox.workspaceId, workspaceId), eq(emailOutbox.id, id), inArray(emailOutbox.status, ['failed', 'not sent: no SMTP'])))
      .returning({ round: emailOutbox.sendRound });
    if (row && outgoing.sender.mailer) await queueOutboxMessage(tx, outgoing.jobs, { workspaceId, outboxId: id, round: row.round });
    return row;
  });
  if (!claimed) {
    const current = await getOutboxEntry(db, workspaceId, id);
    if (!current) return { ok: false, problem: 'not_found' };
    return { ok: false, problem: current.status === 'sent' ? 'already_sent' : 'in_progress' };
  }
  const entry = await firstAttempt(outgoing.database, workspaceId, id);
  return entry ? { ok: true, entry } : { ok: false, problem: 'not_found' };
}

/** What sending needs: the mail server (or none) and the queue the sends go through. */
export interface Outgoing {
  database: Database;
  sender: EmailSender;
  jobs: JobQueue;
}

import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailOutbox, reviewRequests, type OutboxStatus } from '../db/schema.ts';
import { log } from '../log.ts';
import type { EmailSender } from './mailer.ts';

// Every message the product sends, or would send, is a row here first (committed before any SMTP
// work), so a failed or impossible send never loses anything: the admin sees it and can resend it.

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
/** A send still "pending" after this long was interrupted (the process stopped mid-send): it may be resent. */
export const STALE_PENDING_MS = 10 * 60 * 1000;
const ERROR_TEXT_MAX = 1000;

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
 * Sends a message whose row is "pending" and held by the caller (just stored, or claimed by a
 * resend), and records the outcome: sent (and the request's sent_at), failed with the reason, or
 * "not sent: no SMTP". Never throws for a send failure.
 */
export async function deliverOutboxMessage(db: Db, sender: EmailSender, workspaceId: number, id: number): Promise<OutboxEntry | null> {
  const [message] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.workspaceId, workspaceId), eq(emailOutbox.id, id)));
  if (!message) return null;
  const where = and(eq(emailOutbox.workspaceId, workspaceId), eq(emailOutbox.id, id));

  if (!sender.mailer) {
    const [row] = await db.update(emailOutbox).set({ status: 'not sent: no SMTP', error: null }).where(where).returning(entryColumns);
    return row ? toEntry(row) : null;
  }

  let failure: string | null = null;
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
    failure = errorText(error);
  }

  const attempts = sql`${emailOutbox.attempts} + 1`;
  if (failure !== null) {
    // A mail server's refusal often quotes the recipient: the reason stays in the outbox, not the log.
    log.warn({ workspaceId, outboxId: id }, 'An email could not be sent; its outbox entry says why');
    const [row] = await db.update(emailOutbox).set({ status: 'failed', error: failure, attempts }).where(where).returning(entryColumns);
    return row ? toEntry(row) : null;
  }
  const sentAt = new Date();
  const [row] = await db.update(emailOutbox).set({ status: 'sent', error: null, attempts, sentAt }).where(where).returning(entryColumns);
  if (message.requestId !== null) {
    await db
      .update(reviewRequests)
      .set({ sentAt })
      .where(and(eq(reviewRequests.workspaceId, workspaceId), eq(reviewRequests.id, message.requestId), isNull(reviewRequests.sentAt)));
  }
  return row ? toEntry(row) : null;
}

export type ResendResult =
  | { ok: true; entry: OutboxEntry }
  | { ok: false; problem: 'not_found' | 'already_sent' | 'in_progress' };

export const RESEND_PROBLEM_MESSAGES = {
  not_found: 'Email not found',
  already_sent: 'This email has already been sent',
  in_progress: 'This email is being sent right now',
} as const;

/**
 * Sends a failed or never-sent message again. The row is claimed first (set back to "pending" only
 * from a resendable status), so two resends at once cannot both send it.
 */
export async function resendOutboxMessage(db: Db, sender: EmailSender, workspaceId: number, id: number): Promise<ResendResult> {
  const staleBefore = new Date(Date.now() - STALE_PENDING_MS);
  const claimed = await db
    .update(emailOutbox)
    .set({ status: 'pending' })
    .where(
      and(
        eq(emailOutbox.workspaceId, workspaceId),
        eq(emailOutbox.id, id),
        or(
          inArray(emailOutbox.status, ['failed', 'not sent: no SMTP']),
          and(eq(emailOutbox.status, 'pending'), lt(emailOutbox.createdAt, staleBefore)),
        ),
      ),
    )
    .returning({ id: emailOutbox.id });
  if (claimed.length === 0) {
    const current = await getOutboxEntry(db, workspaceId, id);
    if (!current) return { ok: false, problem: 'not_found' };
    return { ok: false, problem: current.status === 'sent' ? 'already_sent' : 'in_progress' };
  }
  const entry = await deliverOutboxMessage(db, sender, workspaceId, id);
  return entry ? { ok: true, entry } : { ok: false, problem: 'not_found' };
}

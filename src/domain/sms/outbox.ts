import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import type { Database, Db } from '#platform/db/database.ts';
import { smsOutbox } from '#platform/db/schema.ts';
import { queueAgain, QUEUES, type JobQueue } from '#platform/jobs/queue.ts';
import { stableUuid } from '#platform/jobs/stable-id.ts';
import { log } from '#platform/log/log.ts';
import { quietUntil } from '#shared/quiet-hours.ts';
import type { SmsStatus } from '#shared/statuses.ts';
import { noteSmsAccountError, smsCredentials, type SmsContext } from './account.ts';
import { isOptedOut, optOut } from './opt-outs.ts';
import { readSmsSettings } from './sms-settings.ts';
import { findTwilioMessage, sendTwilioMessage, TWILIO_UNSUBSCRIBED } from './twilio-api.ts';

// Every text the product sends is a row here, committed with its queue job in the transaction that
// logged the request, as emails are (src/domain/email/outbox.ts). The job is held until quiet hours end,
// retried on Twilio's 429 and 5xx, never on a refusal; once Twilio has the message, its status
// callbacks move the row forward (./status.ts) and never back.

export interface SmsJob {
  workspaceId: number;
  smsId: number;
}

declare module '#platform/jobs/queue.ts' {
  interface QueuePayloads {
    sms: SmsJob;
  }
}

/** The statuses of a text not yet handed to Twilio: the ones a worker still sends. */
export const UNSENT_SMS_STATUSES = ['waiting', 'pending', 'retrying'] as const satisfies readonly SmsStatus[];

/** The message the customer is opted out with, on the request and on the text. */
export const OPTED_OUT = 'This customer has opted out of text messages (they replied STOP). Ask by email instead.';

/** The queue job of a text's send round: the same text and round always name the same job. */
export function smsJobId(smsId: number, round: number): string {
  return stableUuid(`sms:${smsId}:${round}`);
}

export interface StoredSms {
  id: number;
  status: SmsStatus;
  /** When it will go, if quiet hours hold it. */
  sendAfter: Date | null;
}

/**
 * Stores a text and queues its send in the caller's transaction, held until `sendAfter` (the end of
 * quiet hours) when given.
 */
export async function storeSmsMessage(
  tx: Db,
  jobs: JobQueue,
  message: { workspaceId: number; requestId: number | null; toPhone: string; body: string; sendAfter: Date | null },
): Promise<StoredSms> {
  const { workspaceId, requestId, toPhone, body, sendAfter } = message;
  const status: SmsStatus = sendAfter ? 'waiting' : 'pending';
  const [row] = await tx.insert(smsOutbox).values({ workspaceId, requestId, toPhone, body, status, sendAfter }).returning({ id: smsOutbox.id });
  await jobs.send('sms', { workspaceId, smsId: row!.id }, { id: smsJobId(row!.id, 0), tx, ...(sendAfter ? { startAfter: sendAfter } : {}) });
  return { id: row!.id, status, sendAfter };
}

/** Queues again every text still to be sent (at start: see queueAgain), each under its round's job id. */
export async function requeueUnsentTexts(db: Db, jobs: JobQueue): Promise<number> {
  const unsent = await db
    .select({ workspaceId: smsOutbox.workspaceId, smsId: smsOutbox.id, round: smsOutbox.sendRound })
    .from(smsOutbox)
    .where(inArray(smsOutbox.status, UNSENT_SMS_STATUSES));
  return queueAgain(
    jobs,
    'sms',
    unsent.map(({ workspaceId, smsId, round }) => ({ id: smsJobId(smsId, round), data: { workspaceId, smsId } })),
  );
}

export interface SmsWorkerContext extends SmsContext {
  database: Database;
  jobs: JobQueue;
  config: SmsContext['config'] & { publicUrl: string };
}

/** Where Twilio reports a text's progress: the status webhook at the public address, naming the text. */
export function statusCallbackUrl(publicUrl: string, smsId: number): string {
  return `${publicUrl}/api/webhooks/twilio/status?sms=${smsId}`;
}

/** The `sms` queue's worker; `now` is the clock quiet hours are read against (a test sets it). */
export function smsWorker(ctx: SmsWorkerContext, now: () => Date = () => new Date()) {
  return async (job: Job<SmsJob>): Promise<object> => {
    const { db } = ctx.database;
    const { workspaceId, smsId } = job.data;
    const [text] = await db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.id, smsId), eq(smsOutbox.workspaceId, workspaceId)));
    if (!text || !(UNSENT_SMS_STATUSES as readonly string[]).includes(text.status)) return { skipped: text?.status ?? 'gone' };

    // Quiet hours are read again when the text is due: a setting changed since, or a text queued
    // again at start, still never goes at night.
    const settings = await readSmsSettings(db, workspaceId);
    const until = quietUntil(now(), settings.timeZone, settings.quietStart, settings.quietEnd);
    if (until) {
      const round = text.sendRound + 1;
      await db.transaction(async (tx) => {
        await tx.update(smsOutbox).set({ status: 'waiting', sendAfter: until, sendRound: round, updatedAt: new Date() }).where(eq(smsOutbox.id, smsId));
        await ctx.jobs.send('sms', { workspaceId, smsId }, { id: smsJobId(smsId, round), tx, startAfter: until });
      });
      return { waiting: until.toISOString() };
    }

    if (await isOptedOut(db, workspaceId, text.toPhone)) return settle(db, smsId, { status: 'refused', error: OPTED_OUT });
    const credentials = await smsCredentials(db, ctx.secretKey, workspaceId);
    if (!credentials) return settle(db, smsId, { status: 'refused', error: 'Text messages are not set up: Twilio is not connected' });

    // A look-up and a send fit in the job's expiry: a job still running after it was on a process that ended.
    const account = {
      apiBase: ctx.config.twilio.apiBase,
      accountSid: credentials.accountSid,
      username: credentials.username,
      password: credentials.password,
      timeoutMs: ctx.jobs.callTimeoutMs('sms'),
    };
    // An attempt was started and its outcome never stored (the process ended during the call): Twilio
    // may hold the text already. It is looked for before sending again.
    if (text.attempts > 0 && text.error === null) {
      const earlier = await findTwilioMessage({ ...account, to: text.toPhone, body: text.body, since: text.createdAt });
      if (!earlier.ok) throw new Error(earlier.message);
      if (earlier.message) {
        await recordAccepted(db, smsId, earlier.message);
        return { found: earlier.message.sid };
      }
    }

    const attempt = text.attempts + 1;
    // The attempt is stored before the call, with no outcome yet: see above.
    await db.update(smsOutbox).set({ attempts: attempt, error: null, errorCode: null, updatedAt: new Date() }).where(eq(smsOutbox.id, smsId));
    const sent = await sendTwilioMessage({
      ...account,
      from: credentials.from,
      messagingServiceSid: credentials.messagingServiceSid,
      to: text.toPhone,
      body: text.body,
      statusCallback: statusCallbackUrl(ctx.config.publicUrl, smsId),
    });
    if (sent.ok) {
      await recordAccepted(db, smsId, sent);
      return { sid: sent.sid };
    }
    const error = `${sent.code ? `Twilio error ${sent.code}: ` : ''}${sent.message}`;
    if (!sent.retryable) {
      // Twilio's 21610: the number replied STOP to this sender at Twilio; it is never texted again from here either.
      if (sent.code === TWILIO_UNSUBSCRIBED) await optOut(db, workspaceId, text.toPhone);
      await noteSmsAccountError(db, workspaceId, error);
      return settle(db, smsId, { status: 'refused', error: sent.code === TWILIO_UNSUBSCRIBED ? OPTED_OUT : error, errorCode: sent.code });
    }
    const last = attempt > QUEUES.sms.retryLimit;
    await settle(db, smsId, { status: last ? 'failed' : 'retrying', error, errorCode: sent.code });
    if (last) return { failed: error };
    log.warn({ workspaceId, smsId, attempt, error }, 'A text could not be handed to Twilio; it is retried');
    throw new Error(error);
  };
}

/** Twilio has the text: its sid and status, unless a callback already moved it on. */
async function recordAccepted(db: Db, smsId: number, message: { sid: string; status: string }): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ status: message.status as SmsStatus, twilioSid: message.sid, sentAt: new Date(), error: null, errorCode: null, updatedAt: new Date() })
    .where(and(eq(smsOutbox.id, smsId), inArray(smsOutbox.status, UNSENT_SMS_STATUSES)));
}

async function settle(db: Db, smsId: number, change: { status: SmsStatus; error: string; errorCode?: number | null }): Promise<object> {
  await db
    .update(smsOutbox)
    .set({ status: change.status, error: change.error, errorCode: change.errorCode ?? null, updatedAt: new Date() })
    .where(and(eq(smsOutbox.id, smsId), inArray(smsOutbox.status, UNSENT_SMS_STATUSES)));
  return { [change.status]: change.error };
}

/** The text of each request, newest first per request: what the request list and the report show. */
export async function smsOfRequests(
  db: Db,
  workspaceId: number,
  requestIds: number[],
): Promise<Map<number, { status: SmsStatus; sendAfter: Date | null; errorCode: number | null }>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({ requestId: smsOutbox.requestId, status: smsOutbox.status, sendAfter: smsOutbox.sendAfter, errorCode: smsOutbox.errorCode })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.workspaceId, workspaceId), inArray(smsOutbox.requestId, requestIds)))
    .orderBy(sql`${smsOutbox.id} DESC`);
  const texts = new Map<number, { status: SmsStatus; sendAfter: Date | null; errorCode: number | null }>();
  for (const row of rows) if (row.requestId !== null && !texts.has(row.requestId)) texts.set(row.requestId, row);
  return texts;
}

/** A text as the Outbox card shows it. */
export interface SmsEntry {
  id: number;
  requestId: number | null;
  to: string;
  body: string;
  status: SmsStatus;
  error: string | null;
  errorCode: number | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  /** When quiet hours hold it: when it goes. */
  sendAfter: string | null;
}

export const SMS_LIST_LIMIT = 200;

/** The statuses a text can be sent again from: Twilio or the carrier did not deliver it. */
export const RESENDABLE_SMS_STATUSES = ['refused', 'failed', 'undelivered'] as const satisfies readonly SmsStatus[];

function smsEntry(row: typeof smsOutbox.$inferSelect): SmsEntry {
  return {
    id: row.id,
    requestId: row.requestId,
    to: row.toPhone,
    body: row.body,
    status: row.status,
    error: row.error,
    errorCode: row.errorCode,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    sendAfter: row.status === 'waiting' ? (row.sendAfter?.toISOString() ?? null) : null,
  };
}

/** The workspace's texts, newest first. */
export async function listTexts(db: Db, workspaceId: number): Promise<SmsEntry[]> {
  const rows = await db.select().from(smsOutbox).where(eq(smsOutbox.workspaceId, workspaceId)).orderBy(sql`${smsOutbox.id} DESC`).limit(SMS_LIST_LIMIT);
  return rows.map(smsEntry);
}

export const RESEND_TEXT_PROBLEMS = {
  not_found: { status: 404, message: 'Text message not found' },
  not_resendable: { status: 409, message: 'This text is on its way or delivered: only a text that failed can be sent again' },
  opted_out: { status: 409, message: OPTED_OUT },
} as const;

export type ResendTextResult = { ok: true; entry: SmsEntry } | { ok: false; problem: keyof typeof RESEND_TEXT_PROBLEMS };

/** Sends a failed text again, as a new round with its own job; never to a number that opted out. */
export async function resendText(ctx: { database: Database; jobs: JobQueue }, workspaceId: number, id: number): Promise<ResendTextResult> {
  const { db } = ctx.database;
  const [text] = await db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.workspaceId, workspaceId)));
  if (!text) return { ok: false, problem: 'not_found' };
  if (!(RESENDABLE_SMS_STATUSES as readonly string[]).includes(text.status)) return { ok: false, problem: 'not_resendable' };
  if (await isOptedOut(db, workspaceId, text.toPhone)) return { ok: false, problem: 'opted_out' };
  const round = text.sendRound + 1;
  const entry = await db.transaction(async (tx) => {
    // Claimed from its failed state in the update itself: two resends at once queue one round.
    const [claimed] = await tx
      .update(smsOutbox)
      .set({
        status: 'pending',
        error: null,
        errorCode: null,
        attempts: 0,
        twilioSid: null,
        sentAt: null,
        sendAfter: null,
        sendRound: round,
        updatedAt: new Date(),
      })
      .where(and(eq(smsOutbox.id, id), inArray(smsOutbox.status, RESENDABLE_SMS_STATUSES)))
      .returning();
    if (claimed) await ctx.jobs.send('sms', { workspaceId, smsId: id }, { id: smsJobId(id, round), tx });
    return claimed ? smsEntry(claimed) : null;
  });
  return entry ? { ok: true, entry } : { ok: false, problem: 'not_resendable' };
}

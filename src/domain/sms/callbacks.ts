import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { smsOutbox } from '#platform/db/schema.ts';
import { optKeyword } from '#shared/sms-keywords.ts';
import { SMS_STATUSES, type SmsStatus } from '#shared/statuses.ts';
import { credentialsByAccountSid, smsCredentials } from './account.ts';
import { optIn, optOut } from './opt-outs.ts';
import { OPTED_OUT } from './outbox.ts';
import { TWILIO_UNSUBSCRIBED } from './twilio-api.ts';
import { validTwilioSignature } from './twilio-signature.ts';

// What Twilio posts back: a text's progress (the status callback) and the customer's replies (the
// incoming-message webhook). Both are form bodies signed with the account's auth token over the URL
// Twilio called and the sorted parameters; an unsigned or wrongly signed one changes nothing (403).

/** A form body as Twilio sends it: every parameter with its values. */
export type TwilioParams = Record<string, string[]>;

export interface CallbackContext {
  db: Db;
  secretKey: Buffer;
}

export type CallbackOutcome = { status: 200; body: object } | { status: 403; message: string };

const FORGED: CallbackOutcome = { status: 403, message: 'The request is not signed by Twilio for this account' };

const first = (params: TwilioParams, name: string): string => params[name]?.[0] ?? '';

/**
 * How far along each status is: a callback moves a text forward only (Twilio's callbacks arrive more
 * than once and out of order). Our own statuses come first; the final ones share the last rank.
 */
const RANK: Record<SmsStatus, number> = {
  waiting: 0,
  pending: 0,
  retrying: 0,
  accepted: 1,
  scheduled: 1,
  queued: 2,
  sending: 3,
  sent: 4,
  delivered: 5,
  undelivered: 5,
  failed: 5,
  canceled: 5,
  refused: 5,
  read: 6,
};

function isSmsStatus(value: string): value is SmsStatus {
  return (SMS_STATUSES as readonly string[]).includes(value);
}

/**
 * POST /api/webhooks/twilio/status. `url` is the address Twilio called, as it saw it; its `sms` query
 * parameter names our text (set on each send), so a callback that arrives before the send's answer was
 * stored still finds it.
 */
export async function receiveStatusCallback(ctx: CallbackContext, url: string, params: TwilioParams, signature: string | null): Promise<CallbackOutcome> {
  const smsId = Number(new URL(url).searchParams.get('sms'));
  const messageSid = first(params, 'MessageSid') || first(params, 'SmsSid');
  const [text] = await ctx.db
    .select()
    .from(smsOutbox)
    .where(Number.isSafeInteger(smsId) && smsId > 0 ? eq(smsOutbox.id, smsId) : eq(smsOutbox.twilioSid, messageSid));
  if (!text) return verifiedByAccount(ctx, url, params, signature, { ignored: 'unknown message' });
  const credentials = await smsCredentials(ctx.db, ctx.secretKey, text.workspaceId);
  if (!credentials || !validTwilioSignature(credentials.signingToken, signature, url, params)) return FORGED;

  // A callback for an earlier send of this text (before a resend) is not about the one under way.
  if (text.twilioSid && messageSid && text.twilioSid !== messageSid) return { status: 200, body: { ignored: 'an earlier send' } };
  const reported = first(params, 'MessageStatus') || first(params, 'SmsStatus');
  const errorCode = Number(first(params, 'ErrorCode')) || null;
  if (errorCode === TWILIO_UNSUBSCRIBED) await optOut(ctx.db, text.workspaceId, text.toPhone);
  if (!isSmsStatus(reported) || RANK[reported] <= RANK[text.status]) return { status: 200, body: { kept: text.status } };
  const forward = Object.entries(RANK)
    .filter(([, rank]) => rank < RANK[reported])
    .map(([status]) => status as SmsStatus);
  await ctx.db
    .update(smsOutbox)
    .set({
      status: reported,
      twilioSid: sql`COALESCE(${smsOutbox.twilioSid}, ${messageSid || null})`,
      ...(errorCode ? { errorCode, error: errorCode === TWILIO_UNSUBSCRIBED ? OPTED_OUT : `Twilio error ${errorCode}` } : {}),
      updatedAt: new Date(),
    })
    // The rank is checked again in the update: two callbacks at once never move it backwards.
    .where(and(eq(smsOutbox.id, text.id), inArray(smsOutbox.status, forward)));
  return { status: 200, body: { status: reported } };
}

/** Answers a signed callback about something not ours (nothing to store), and refuses an unsigned one. */
async function verifiedByAccount(ctx: CallbackContext, url: string, params: TwilioParams, signature: string | null, body: object): Promise<CallbackOutcome> {
  const accounts = await credentialsByAccountSid(ctx.db, ctx.secretKey, first(params, 'AccountSid'));
  return accounts.some(({ credentials }) => validTwilioSignature(credentials.signingToken, signature, url, params)) ? { status: 200, body } : FORGED;
}

/**
 * POST /api/webhooks/twilio/inbound: a customer's reply. STOP and its kin opt the number out of every
 * workspace texting from this Twilio account (Twilio itself stops delivering at the account); START
 * and its kin opt it back in. Twilio's Advanced Opt-Out names the kind in OptOutType.
 */
export async function receiveInboundMessage(ctx: CallbackContext, url: string, params: TwilioParams, signature: string | null): Promise<CallbackOutcome> {
  const accounts = (await credentialsByAccountSid(ctx.db, ctx.secretKey, first(params, 'AccountSid'))).filter(({ credentials }) =>
    validTwilioSignature(credentials.signingToken, signature, url, params),
  );
  if (accounts.length === 0) return FORGED;
  const optOutType = first(params, 'OptOutType').toUpperCase();
  const keyword = optOutType === 'STOP' ? 'stop' : optOutType === 'START' ? 'start' : optKeyword(first(params, 'Body'));
  const from = first(params, 'From');
  if (keyword && from) {
    for (const { workspaceId } of accounts) {
      if (keyword === 'stop') await optOut(ctx.db, workspaceId, from);
      else await optIn(ctx.db, workspaceId, from);
    }
  }
  return { status: 200, body: { optedOut: keyword === 'stop', optedIn: keyword === 'start' } };
}

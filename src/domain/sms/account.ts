import { eq } from 'drizzle-orm';
import type { Refusal } from '#contracts/refusal.ts';
import type { SmsAccountPayload } from '#contracts/sms-payloads.ts';
import type { Db } from '#platform/db/database.ts';
import { smsAccounts } from '#platform/db/schema.ts';
import { open, seal } from '#platform/secret-box.ts';
import { readSmsSettings } from './sms-settings.ts';
import { readMobileNumber } from '#shared/phone.ts';
import { sendTwilioMessage } from './twilio-api.ts';

// A workspace's Twilio account: the product texts with the business's own account, so the business
// owns its sender number, its opt-outs at Twilio and its bill. The secrets are sealed like the Google
// token and never leave the server again; the admin sees the Account SID, the sender and the last error.

/** What the admin panel shows (GET /api/admin/sms): never a secret. */
export interface SmsAccountView {
  configured: boolean;
  accountSid: string | null;
  /** The Messaging Service SID or the sender number texts go from. */
  sender: string | null;
  lastError: string | null;
}

/** What a send and a signature check need, in clear, for this process only. */
export interface SmsCredentials {
  accountSid: string;
  /** Basic auth: the Account SID and auth token, or the API key's SID and secret. */
  username: string;
  password: string;
  /** The token Twilio signs its callbacks with (the auth token). */
  signingToken: string;
  from: string | null;
  messagingServiceSid: string | null;
}

export interface SmsContext {
  database: { db: Db };
  secretKey: Buffer;
  config: { twilio: { apiBase: string } };
}

export async function readSmsAccount(db: Db, workspaceId: number): Promise<SmsAccountView> {
  const [row] = await db.select().from(smsAccounts).where(eq(smsAccounts.workspaceId, workspaceId));
  if (!row) return { configured: false, accountSid: null, sender: null, lastError: null };
  return { configured: true, accountSid: row.accountSid, sender: row.messagingServiceSid ?? row.fromNumber, lastError: row.lastError };
}

/** The account's credentials, or null when the workspace has none (or its secrets cannot be opened here). */
export async function smsCredentials(db: Db, secretKey: Buffer, workspaceId: number): Promise<SmsCredentials | null> {
  const [row] = await db.select().from(smsAccounts).where(eq(smsAccounts.workspaceId, workspaceId));
  return row ? credentialsOf(row, secretKey) : null;
}

/** Every account with this Account SID (workspaces may share one), for callbacks that name only the account. */
export async function credentialsByAccountSid(db: Db, secretKey: Buffer, accountSid: string): Promise<{ workspaceId: number; credentials: SmsCredentials }[]> {
  const rows = await db.select().from(smsAccounts).where(eq(smsAccounts.accountSid, accountSid));
  return rows.flatMap((row) => {
    const credentials = credentialsOf(row, secretKey);
    return credentials ? [{ workspaceId: row.workspaceId, credentials }] : [];
  });
}

function credentialsOf(row: typeof smsAccounts.$inferSelect, secretKey: Buffer): SmsCredentials | null {
  const authToken = row.authTokenSealed ? open(row.authTokenSealed, secretKey) : null;
  const apiKeySecret = row.apiKeySecretSealed ? open(row.apiKeySecretSealed, secretKey) : null;
  if (!authToken) return null;
  const basic = row.apiKeySid && apiKeySecret ? { username: row.apiKeySid, password: apiKeySecret } : { username: row.accountSid, password: authToken };
  return { accountSid: row.accountSid, ...basic, signingToken: authToken, from: row.fromNumber, messagingServiceSid: row.messagingServiceSid };
}

/** Stores the account (PUT /api/admin/sms), replacing the one before. */
export async function saveSmsAccount(ctx: SmsContext, workspaceId: number, input: SmsAccountPayload): Promise<SmsAccountView> {
  const values = {
    accountSid: input.accountSid,
    authTokenSealed: seal(input.authToken, ctx.secretKey),
    apiKeySid: input.apiKeySid ?? null,
    apiKeySecretSealed: input.apiKeySecret ? seal(input.apiKeySecret, ctx.secretKey) : null,
    messagingServiceSid: input.messagingServiceSid ?? null,
    fromNumber: input.from ?? null,
    lastError: null,
    updatedAt: new Date(),
  };
  await ctx.database.db
    .insert(smsAccounts)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: smsAccounts.workspaceId, set: values });
  return readSmsAccount(ctx.database.db, workspaceId);
}

export async function deleteSmsAccount(db: Db, workspaceId: number): Promise<boolean> {
  const removed = await db.delete(smsAccounts).where(eq(smsAccounts.workspaceId, workspaceId)).returning({ workspaceId: smsAccounts.workspaceId });
  return removed.length > 0;
}

/** Keeps what Twilio said the last time it refused (shown on the SMS card); null clears it. */
export async function noteSmsAccountError(db: Db, workspaceId: number, error: string | null): Promise<void> {
  await db.update(smsAccounts).set({ lastError: error }).where(eq(smsAccounts.workspaceId, workspaceId));
}

export const SMS_NOT_SET_UP = 'Text messages are not set up yet: an admin connects Twilio in the admin panel (SMS)';

export type TestMessageResult = { ok: true; sid: string } | { ok: false; refusal: Refusal };

/** "Send test message" (POST /api/admin/sms/test): one text at once, outside the queue and quiet hours. */
export async function sendTestMessage(ctx: SmsContext, workspace: { id: number; businessName: string }, phone: string): Promise<TestMessageResult> {
  const { db } = ctx.database;
  const credentials = await smsCredentials(db, ctx.secretKey, workspace.id);
  if (!credentials) return { ok: false, refusal: { status: 409, message: SMS_NOT_SET_UP } };
  const number = readMobileNumber(phone, (await readSmsSettings(db, workspace.id)).phoneCountry);
  if (!number.ok) return { ok: false, refusal: { status: 400, message: number.message, field: 'phone' } };
  const sent = await sendTwilioMessage({
    apiBase: ctx.config.twilio.apiBase,
    accountSid: credentials.accountSid,
    username: credentials.username,
    password: credentials.password,
    from: credentials.from,
    messagingServiceSid: credentials.messagingServiceSid,
    to: number.e164,
    body: `A test message from Review Challenge for ${workspace.businessName}: text messages are set up.`,
  });
  if (sent.ok) {
    await noteSmsAccountError(db, workspace.id, null);
    return { ok: true, sid: sent.sid };
  }
  const said = sent.retryable
    ? `Twilio could not be reached: ${sent.message}. Try again in a minute.`
    : `Twilio refused the test message${sent.code ? ` (error ${sent.code})` : ''}: ${sent.message}`;
  await noteSmsAccountError(db, workspace.id, said);
  // Twilio's refusal is about what was entered (credentials, sender, number); an outage is Twilio's.
  return { ok: false, refusal: { status: sent.retryable ? 502 : 422, message: said } };
}

import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { passwordResets, workspaces } from '#platform/db/schema.ts';
import type { EmailSender } from '#domain/email/mailer.ts';
import { composePasswordResetEmail, resetLinkUrl } from './password-reset-email.ts';
import { log, logError } from '#platform/log/log.ts';
import { hashToken, newToken } from '#platform/tokens.ts';
import { beginAttempt, forgetAttempt } from './attempts.ts';
import { hashNewPasswords, storePasswords, type NewPasswords } from './change-passwords.ts';

// Forgotten passwords (docs/decisions/028-password-reset.md). The owner asks with the dashboard URL
// and the admin email; when both match, a single-use link valid for one hour goes to that email.
// The answer is the same whatever was asked, and it never waits for the lookup or the mail.

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Forgot-password requests one address may make in an hour, whatever they name. */
export const RESET_REQUESTS_PER_ADDRESS = 10;
/** Reset emails one workspace gets in an hour: asking more often sends nothing more. */
export const RESET_MAILS_PER_WORKSPACE = 3;
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;
/** Failed uses of reset links from one address in 15 minutes (each use hashes new passwords). */
export const RESET_FAILURES_PER_ADDRESS = 20;
export const RESET_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const FORGOT_PASSWORD_MESSAGE =
  'If the dashboard URL and admin email match an account, we have sent a link to reset its passwords to that email. The link works for one hour.';
export const TOO_MANY_RESET_REQUESTS = 'Too many reset requests. Please wait an hour and try again.';
export const RESET_LINK_INVALID = 'This reset link has expired or was already used. Ask for a new one.';
export const TOO_MANY_RESET_ATTEMPTS = 'Too many attempts. Please wait 15 minutes and try again.';
export const PASSWORDS_RESET_MESSAGE = 'Your new password is saved. Sign in with it.';

export interface ResetMailContext {
  db: Db;
  sender: EmailSender;
  publicUrl: string;
}

/** Counts a forgot-password request from an address; false once the address is over its limit. */
export async function allowResetRequest(db: Db, address: string, now = new Date()): Promise<boolean> {
  const attempt = await beginAttempt(
    db,
    { scope: 'forgot-password', source: `address:${address}`, limit: RESET_REQUESTS_PER_ADDRESS, windowMs: RESET_REQUEST_WINDOW_MS },
    now,
  );
  return attempt.allowed;
}

export type ResetRequestOutcome = 'sent' | 'no-match' | 'mail-limit' | 'no-smtp' | 'send-failed';

/**
 * Mails a new reset link to the admin email when slug and email (case-insensitive) name a workspace.
 * Never throws for a failed send: the outcome says what happened, and the log says why.
 */
export async function sendResetLink(ctx: ResetMailContext, input: { slug: string; email: string }, now = new Date()): Promise<ResetRequestOutcome> {
  const { db } = ctx;
  const [workspace] = await db
    .select({ id: workspaces.id, slug: workspaces.slug, businessName: workspaces.businessName, adminEmail: workspaces.adminEmail })
    .from(workspaces)
    .where(and(eq(workspaces.slug, input.slug), sql`lower(${workspaces.adminEmail}) = lower(${input.email})`));
  if (!workspace) return 'no-match';
  if (!ctx.sender.mailer) {
    log.warn({ workspaceId: workspace.id }, 'A password reset link was asked for, but no mail server is configured (SMTP_URL): the email could not be sent');
    return 'no-smtp';
  }
  const mails = await beginAttempt(
    db,
    { scope: `reset-mail:${workspace.id}`, source: 'mail', limit: RESET_MAILS_PER_WORKSPACE, windowMs: RESET_REQUEST_WINDOW_MS },
    now,
  );
  if (!mails.allowed) {
    log.warn({ workspaceId: workspace.id }, `A password reset link was not sent: ${RESET_MAILS_PER_WORKSPACE} were already sent in the last hour`);
    return 'mail-limit';
  }

  const token = newToken();
  await db.delete(passwordResets).where(and(eq(passwordResets.workspaceId, workspace.id), lt(passwordResets.expiresAt, now)));
  await db.insert(passwordResets).values({
    tokenHash: hashToken(token),
    workspaceId: workspace.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
  });
  const message = composePasswordResetEmail({
    to: workspace.adminEmail,
    fromAddress: ctx.sender.fromAddress,
    businessName: workspace.businessName,
    dashboardUrl: `${ctx.publicUrl.replace(/\/+$/, '')}/${workspace.slug}`,
    resetUrl: resetLinkUrl(ctx.publicUrl, token),
    validForMinutes: RESET_LINK_TTL_MS / 60_000,
  });
  try {
    await ctx.sender.mailer.send(message);
    return 'sent';
  } catch (error) {
    // The link was never delivered: it must not stay usable, nor count against the owner's limit.
    await db.delete(passwordResets).where(eq(passwordResets.tokenHash, hashToken(token)));
    await forgetAttempt(db, mails.id);
    logError('The password reset email could not be sent', error, { workspaceId: workspace.id });
    return 'send-failed';
  }
}

/**
 * sendResetLink for a caller that does not wait for it (the forgot-password answer must not wait for
 * the lookup or the mail): the promise never rejects, and a failure (the database's, say) is logged here.
 */
export async function startResetLink(ctx: ResetMailContext, input: { slug: string; email: string }): Promise<void> {
  try {
    await sendResetLink(ctx, input);
  } catch (error) {
    logError('Could not handle a password reset request', error);
  }
}

function usable(tokenHash: string, now: Date) {
  return and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));
}

/** The workspace a reset link is for, while it is unused and unexpired; null otherwise. */
export async function findResetLink(db: Db, token: string, now = new Date()): Promise<{ slug: string; businessName: string } | null> {
  const [row] = await db
    .select({ slug: workspaces.slug, businessName: workspaces.businessName })
    .from(passwordResets)
    .innerJoin(workspaces, eq(workspaces.id, passwordResets.workspaceId))
    .where(usable(hashToken(token), now));
  return row ?? null;
}

/**
 * Uses a reset link: the new passwords are stored, every session that used an old one ends, and
 * every other link of the workspace stops working. Null when the link is unknown, used or expired.
 */
export async function resetPasswords(db: Db, token: string, passwords: NewPasswords, now = new Date()): Promise<{ slug: string } | null> {
  // Checked before hashing, so a made-up token costs no hashing; claimed again below, atomically.
  if (!(await findResetLink(db, token, now))) return null;
  const hashed = await hashNewPasswords(passwords);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(usable(hashToken(token), now))
      .returning({ workspaceId: passwordResets.workspaceId });
    if (!claimed) return null;
    await storePasswords(tx, claimed.workspaceId, hashed, null);
    await endResetLinks(tx, claimed.workspaceId, now);
    const [workspace] = await tx.select({ slug: workspaces.slug }).from(workspaces).where(eq(workspaces.id, claimed.workspaceId));
    return workspace ? { slug: workspace.slug } : null;
  });
}

/** Every unused link of the workspace stops working (a reset was done, or the admin email changed). */
export async function endResetLinks(db: Db, workspaceId: number, now = new Date()): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.workspaceId, workspaceId), isNull(passwordResets.usedAt)));
  await db.delete(passwordResets).where(and(eq(passwordResets.workspaceId, workspaceId), lt(passwordResets.expiresAt, now)));
}

/** Counts a use of a reset link from an address; the caller forgets it when the link worked. */
export function beginResetAttempt(db: Db, address: string, now = new Date()) {
  return beginAttempt(db, { scope: 'reset-password', source: `address:${address}`, limit: RESET_FAILURES_PER_ADDRESS, windowMs: RESET_FAILURE_WINDOW_MS }, now);
}

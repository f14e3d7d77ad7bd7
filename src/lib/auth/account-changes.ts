import type { Db } from '../db/database.ts';
import { composeAccountChangeEmail, type AccountChange } from '../email/account-change-email.ts';
import type { EmailSender } from '../email/mailer.ts';
import { log, logError } from '../log.ts';
import { CURRENT_ADMIN_PASSWORD_MISSING } from '../validation/rules.ts';
import { checkSignIn, type SignInAttempt } from './sign-in.ts';

// What an admin session alone may not do: change the admin email or a password. Those need the
// current admin password as well (a session left open on a shared computer is not the owner), and the
// admin address as it was before is told of each change.

export { CURRENT_ADMIN_PASSWORD_MISSING };
export const CURRENT_ADMIN_PASSWORD_WRONG = 'The current admin password is incorrect';

export type AdminConfirmation = 'ok' | 'missing' | 'wrong' | 'blocked';

/** The current admin password, checked as a sign-in is (and counted against the same guessing limits). */
export async function confirmAdminPassword(
  db: Db,
  attempt: Omit<SignInAttempt, 'kind' | 'password'> & { password: string | undefined },
): Promise<AdminConfirmation> {
  if (!attempt.password) return 'missing';
  const checked = await checkSignIn(db, { ...attempt, password: attempt.password, kind: 'admin' });
  return checked === 'ok' ? 'ok' : checked;
}

export interface AccountNoticeContext {
  sender: EmailSender;
  /** Where links in the notice point: the product's public address. */
  linkBase: string;
}

/**
 * Tells the admin address the workspace had before the change. Sent after the change is saved and
 * never failing it: without a mail server, or when the send fails, the log says so.
 */
export async function noticeAccountChange(
  ctx: AccountNoticeContext,
  workspace: { id: number; slug: string; businessName: string; adminEmail: string },
  change: AccountChange,
): Promise<void> {
  if (!ctx.sender.mailer) {
    log.warn(
      { workspaceId: workspace.id, change: change.kind },
      'The account was changed, but no mail server is configured (SMTP_URL): the admin email was not told',
    );
    return;
  }
  const base = ctx.linkBase.replace(/\/+$/, '');
  const message = composeAccountChangeEmail({
    to: workspace.adminEmail,
    fromAddress: ctx.sender.fromAddress,
    businessName: workspace.businessName,
    dashboardUrl: `${base}/${workspace.slug}`,
    forgotPasswordUrl: `${base}/forgot-password?slug=${encodeURIComponent(workspace.slug)}`,
    change,
  });
  try {
    await ctx.sender.mailer.send(message);
  } catch (error) {
    logError('The account change notice could not be sent', error, { workspaceId: workspace.id });
  }
}

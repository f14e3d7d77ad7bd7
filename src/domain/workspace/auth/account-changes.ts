import type { Database, Db } from '#platform/db/database.ts';
import { composeAccountChangeEmail, type AccountChange } from './account-change-email.ts';
import type { EmailSender } from '#domain/email/mailer.ts';
import { announceDataChange } from '#platform/live/publish.ts';
import { log, logError } from '#platform/log/log.ts';
import { CURRENT_ADMIN_PASSWORD_MISSING } from '#shared/rules.ts';
import { updateAccount } from '../workspaces.ts';
import { endResetLinks } from './password-reset.ts';
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

/**
 * Saves a new business name and/or admin email (the caller has confirmed a new email with the current
 * admin password) and answers both as they are now; null when the workspace is gone. A new email ends
 * the reset links mailed to the old one and tells the old one; a new business name reaches the
 * wallboards, which show it.
 */
export async function changeAccount(
  database: Database,
  notice: AccountNoticeContext,
  workspace: { id: number; slug: string; businessName: string; adminEmail: string },
  change: { businessName?: string; email?: string },
): Promise<{ businessName: string; email: string } | null> {
  const account = await updateAccount(database.db, workspace.id, change);
  if (!account) return null;
  if (account.email.toLowerCase() !== workspace.adminEmail.toLowerCase()) {
    // Links already mailed went to the old address: they stop working; and that address is told.
    await endResetLinks(database.db, workspace.id);
    // The notice never holds up nor fails the change: it logs its own failure.
    void noticeAccountChange(notice, workspace, { kind: 'email', newEmail: account.email });
  }
  if (account.businessName !== workspace.businessName) {
    // The change is saved already: a failed announcement is logged, not answered.
    await announceDataChange(database, workspace.id).catch((error) => logError('Could not announce a new business name', error));
  }
  return account;
}

import { escapeHtml } from '#shared/placeholders.ts';
import { productEmailDocument } from '#domain/email/compose.ts';
import type { MailMessage } from '#domain/email/mailer.ts';

// The notice that the workspace's admin email or a password changed: to the admin address it was
// sent from before the change, so an owner whose admin session was taken over hears of it.

export const ACCOUNT_CHANGE_SUBJECT = 'Your Review Challenge account was changed';

export type AccountChange = { kind: 'email'; newEmail: string } | { kind: 'password'; which: 'staff' | 'admin' | 'both' };

export interface AccountChangeEmailInput {
  to: string;
  fromAddress: string;
  businessName: string;
  /** The dashboard's address, `{PUBLIC_URL}/{slug}`. */
  dashboardUrl: string;
  /** `{PUBLIC_URL}/forgot-password`: where an owner who did not make the change takes the account back. */
  forgotPasswordUrl: string;
  change: AccountChange;
}

function whatChanged(change: AccountChange): string {
  if (change.kind === 'email') return `The admin email was changed to ${change.newEmail}. Reset links and account notices go there from now on.`;
  const which = change.which === 'both' ? 'staff and admin passwords were' : `${change.which} password was`;
  return `The ${which} changed from the admin panel.`;
}

export function composeAccountChangeEmail(input: AccountChangeEmailInput): MailMessage {
  const intro = `Something changed in the ${input.businessName} dashboard (${input.dashboardUrl}).`;
  const change = whatChanged(input.change);
  const ifNotYou = `If it was you, there is nothing to do. If it was not, reset the passwords now at ${input.forgotPasswordUrl} and check the admin email in the admin panel.`;
  const html = productEmailDocument(
    ACCOUNT_CHANGE_SUBJECT,
    'Your account was changed',
    `<p style="margin:0;">${escapeHtml(intro)}</p>
<p style="margin:16px 0 0 0;font-weight:600;">${escapeHtml(change)}</p>
<p style="margin:16px 0 0 0;font-size:14px;color:#475569;word-break:break-word;">${escapeHtml(ifNotYou)}</p>`,
  );
  return {
    from: { name: 'Review Challenge', address: input.fromAddress },
    to: input.to,
    subject: ACCOUNT_CHANGE_SUBJECT,
    html,
    text: [intro, change, ifNotYou].join('\n\n'),
  };
}

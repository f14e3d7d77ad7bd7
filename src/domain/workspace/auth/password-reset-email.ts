import { escapeHtml } from '#shared/placeholders.ts';
import { BUTTON_COLOR, FONT_STACK, productEmailDocument } from '#domain/email/compose.ts';
import type { MailMessage } from '#domain/email/mailer.ts';

// The password reset email: to the workspace's admin email, from the product itself, with one button
// to the reset link and the same link written out.

export const RESET_EMAIL_SUBJECT = 'Reset your Review Challenge passwords';
export const RESET_BUTTON_LABEL = 'Choose new passwords';

export interface ResetEmailInput {
  to: string;
  fromAddress: string;
  businessName: string;
  /** The dashboard's address, `{PUBLIC_URL}/{slug}`. */
  dashboardUrl: string;
  /** `{PUBLIC_URL}/reset-password?token=...`. */
  resetUrl: string;
  validForMinutes: number;
}

/** The public address of a reset link. */
export function resetLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

export function composePasswordResetEmail(input: ResetEmailInput): MailMessage {
  const intro = `Someone asked to reset the passwords of the ${input.businessName} dashboard (${input.dashboardUrl}). If it was you, choose new passwords here:`;
  const validity = `The link works once, for ${input.validForMinutes} minutes. If you did not ask for it, ignore this email: your passwords stay as they are.`;
  const url = escapeHtml(input.resetUrl);
  const html = productEmailDocument(
    RESET_EMAIL_SUBJECT,
    'Reset your passwords',
    `<p style="margin:0;">${escapeHtml(intro)}</p>
<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:24px 0 8px 0;">
<tr><td align="center" bgcolor="${BUTTON_COLOR}" style="border-radius:8px;background-color:${BUTTON_COLOR};">
<a href="${url}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${FONT_STACK};font-size:16px;font-weight:600;line-height:20px;color:#ffffff;text-decoration:none;border-radius:8px;background-color:${BUTTON_COLOR};">${RESET_BUTTON_LABEL}</a>
</td></tr></table>
<p style="margin:16px 0 0 0;font-size:14px;color:#475569;">${escapeHtml(validity)}</p>
<p style="margin:16px 0 0 0;font-size:13px;line-height:1.5;color:#64748b;">If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:#4338ca;word-break:break-all;">${url}</a></p>`,
  );
  const text = [intro, `${RESET_BUTTON_LABEL}: ${input.resetUrl}`, validity].join('\n\n');
  return {
    from: { name: 'Review Challenge', address: input.fromAddress },
    to: input.to,
    subject: RESET_EMAIL_SUBJECT,
    html,
    text,
  };
}

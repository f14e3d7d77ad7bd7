import { composeReviewEmail, reviewLinkUrl } from '#domain/email/compose.ts';
import { unsubscribeUrl } from '#domain/email/unsubscribe.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { sanitizeEmailHtml } from '#platform/sanitize-html.ts';
import { escapeHtml, fillPlaceholders } from '#shared/placeholders.ts';
import { oneLine, TEMPLATE_PREVIEW_SAMPLE } from '#shared/template-rules.ts';
import { isBlankHtml } from './log-request.ts';

// An email template shown as the customer will get it (issue 33, item 5): the same filling,
// sanitising and composing as a logged request, with sample names and a sample review link.

/** What the Email Templates card shows in its preview. */
export interface TemplatePreview {
  /** The subject as the customer reads it. */
  subject: string;
  /** Who it is from, as their mail app shows it. */
  fromName: string;
  /**
   * The whole email document, sanitised body inside the product's frame. Every link opens a new
   * window (`<base target="_blank">`), which the card's sandboxed frame does not allow: a click in
   * the preview goes nowhere.
   */
  html: string;
}

/** The token of the preview's links: no request has it, so /r/sample is a "link not found". */
const SAMPLE_TOKEN = 'sample';

export type TemplatePreviewResult = { ok: true; preview: TemplatePreview } | { ok: false; problem: 'empty_html' };

export function previewTemplateEmail(workspace: Workspace, input: { subject: string; htmlContent: string }, publicUrl: string): TemplatePreviewResult {
  const values = { ...TEMPLATE_PREVIEW_SAMPLE, companyName: workspace.businessName };
  const bodyHtml = sanitizeEmailHtml(fillPlaceholders(input.htmlContent, values, escapeHtml));
  if (isBlankHtml(bodyHtml)) return { ok: false, problem: 'empty_html' };
  const email = composeReviewEmail({
    businessName: workspace.businessName,
    staffFirstName: TEMPLATE_PREVIEW_SAMPLE.staffFirstName,
    staffEmail: 'staff@example.com',
    customerEmail: 'customer@example.com',
    subject: oneLine(fillPlaceholders(input.subject, values)),
    bodyHtml,
    reviewUrl: reviewLinkUrl(publicUrl, SAMPLE_TOKEN),
    unsubscribeUrl: unsubscribeUrl(publicUrl.replace(/\/+$/, ''), SAMPLE_TOKEN),
  });
  return {
    ok: true,
    preview: { subject: email.subject, fromName: email.fromName, html: email.html.replace('<head>', '<head>\n<base target="_blank">') },
  };
}

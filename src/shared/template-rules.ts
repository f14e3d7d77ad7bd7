// Email template rules shared by the server and the Email Templates card. Plain functions and
// constants, no zod and no database, so the admin island can import them (decision 006).
import { REVIEW_LINK_PLACEHOLDER, SMS_TEXT_MAX } from './sms-text.ts';

/** SPEC.md section 9: at most 3 email templates per workspace. */
export const TEMPLATE_LIMIT = 3;
/** SPEC.md section 9: the list shows the first 200 characters of the HTML. */
export const TEMPLATE_PREVIEW_CHARS = 200;

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_HTML_MAX = 50_000;
export const TEMPLATE_PHONE_SCRIPT_MAX = 5_000;
export const TEMPLATE_TIMING_TIP_MAX = 500;

export const TEMPLATE_NOT_FOUND = 'Template not found';
export const TEMPLATE_LIMIT_MESSAGE = `You can have at most ${TEMPLATE_LIMIT} email templates`;
export const TEMPLATE_NAME_REQUIRED = 'Template name is required';
export const TEMPLATE_SUBJECT_REQUIRED = 'Subject is required';
export const TEMPLATE_HTML_REQUIRED = 'Email body is required';
export const TEMPLATE_NAME_TOO_LONG = `Template name must be at most ${TEMPLATE_NAME_MAX} characters`;
export const TEMPLATE_SUBJECT_TOO_LONG = `Subject must be at most ${TEMPLATE_SUBJECT_MAX} characters`;
export const TEMPLATE_HTML_TOO_LONG = `Email body must be at most ${TEMPLATE_HTML_MAX.toLocaleString('en')} characters`;
export const TEMPLATE_PHONE_SCRIPT_TOO_LONG = `Phone script must be at most ${TEMPLATE_PHONE_SCRIPT_MAX.toLocaleString('en')} characters`;
export const TEMPLATE_PHONE_SCRIPT_INVALID = 'Phone script must be text';
export const TEMPLATE_TIMING_TIP_TOO_LONG = `Best time to ask must be at most ${TEMPLATE_TIMING_TIP_MAX} characters`;
export const TEMPLATE_TIMING_TIP_INVALID = 'Best time to ask must be text';
export const TEMPLATE_ACTIVE_INVALID = 'Active must be true or false';
export const TEMPLATE_HTML_UNSAFE_ONLY = 'Email body has no content left once unsafe markup is removed';

/** Name and subject are one line: line breaks (which would also be unsafe in a mail header) become spaces. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

export function templateNameProblem(name: string): string | undefined {
  const value = oneLine(name);
  if (!value) return TEMPLATE_NAME_REQUIRED;
  if (value.length > TEMPLATE_NAME_MAX) return TEMPLATE_NAME_TOO_LONG;
  return undefined;
}

export function templateSubjectProblem(subject: string): string | undefined {
  const value = oneLine(subject);
  if (!value) return TEMPLATE_SUBJECT_REQUIRED;
  if (value.length > TEMPLATE_SUBJECT_MAX) return TEMPLATE_SUBJECT_TOO_LONG;
  return undefined;
}

export function templateHtmlProblem(html: string): string | undefined {
  if (!html.trim()) return TEMPLATE_HTML_REQUIRED;
  if (html.length > TEMPLATE_HTML_MAX) return TEMPLATE_HTML_TOO_LONG;
  return undefined;
}

export function templatePhoneScriptProblem(script: string): string | undefined {
  return script.trim().length > TEMPLATE_PHONE_SCRIPT_MAX ? TEMPLATE_PHONE_SCRIPT_TOO_LONG : undefined;
}

export const TEMPLATE_SMS_INVALID = 'Text message must be text';
export const TEMPLATE_SMS_NEEDS_LINK = `Text message must hold ${REVIEW_LINK_PLACEHOLDER}, where the review link goes`;
export const TEMPLATE_SMS_TOO_LONG = `Text message must be at most ${SMS_TEXT_MAX} characters`;

/** A template's text message (issue 29): empty for the default text, else with the link in it. */
export function templateSmsProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed.length > SMS_TEXT_MAX) return TEMPLATE_SMS_TOO_LONG;
  return trimmed.includes(REVIEW_LINK_PLACEHOLDER) ? undefined : TEMPLATE_SMS_NEEDS_LINK;
}

export function templateTimingTipProblem(tip: string): string | undefined {
  return tip.trim().length > TEMPLATE_TIMING_TIP_MAX ? TEMPLATE_TIMING_TIP_TOO_LONG : undefined;
}

/** SPEC.md section 5: the create button is enabled only when name, subject and body are all set. */
export function canCreateTemplate(draft: { name: string; subject: string; htmlContent: string }): boolean {
  return draft.name.trim() !== '' && draft.subject.trim() !== '' && draft.htmlContent.trim() !== '';
}

/** The list's preview: the first 200 characters of the stored HTML, shown as text (never rendered). */
export function templatePreview(html: string): string {
  return html.length > TEMPLATE_PREVIEW_CHARS ? `${html.slice(0, TEMPLATE_PREVIEW_CHARS)}...` : html;
}

/**
 * The sample people an email preview is shown with (POST /api/email-templates/preview): the
 * customer's placeholders and the staff member's, filled as a logged request fills them.
 */
export const TEMPLATE_PREVIEW_SAMPLE = { firstName: 'Sarah', lastName: 'Kim', staffFirstName: 'Alex' } as const;

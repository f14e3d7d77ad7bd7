import { z } from 'zod';
import {
  oneLine,
  TEMPLATE_ACTIVE_INVALID,
  TEMPLATE_HTML_REQUIRED,
  TEMPLATE_NAME_REQUIRED,
  TEMPLATE_PHONE_SCRIPT_INVALID,
  TEMPLATE_SMS_INVALID,
  TEMPLATE_SUBJECT_REQUIRED,
  TEMPLATE_TIMING_TIP_INVALID,
  templateHtmlProblem,
  templateNameProblem,
  templatePhoneScriptProblem,
  templateSmsProblem,
  templateSubjectProblem,
  templateTimingTipProblem,
} from '#shared/template-rules.ts';

// Server-side schemas of the email template payloads, built on the plain rules the card shares
// (decision 006). A missing field and a field of the wrong type get the same "... is required".

type Rule = (value: string) => string | undefined;

function ruled(rule: Rule, missing: string) {
  return z.string({ error: missing }).superRefine((value, ctx) => {
    const problem = rule(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

const name = ruled(templateNameProblem, TEMPLATE_NAME_REQUIRED).transform(oneLine);
const subject = ruled(templateSubjectProblem, TEMPLATE_SUBJECT_REQUIRED).transform(oneLine);
/** Sanitised by the store (src/domain/requests/templates.ts), never here: the limit is on what was sent. */
const htmlContent = ruled(templateHtmlProblem, TEMPLATE_HTML_REQUIRED);
/** Optional plain text; null, absent or blank all mean "no phone script". */
const phoneScript = ruled(templatePhoneScriptProblem, TEMPLATE_PHONE_SCRIPT_INVALID)
  .transform((value) => value.trim() || null)
  .nullable();
/** Optional plain text, like the phone script: null, absent or blank all mean "the workspace's tip". */
const timingTip = ruled(templateTimingTipProblem, TEMPLATE_TIMING_TIP_INVALID)
  .transform((value) => value.trim() || null)
  .nullable();
/** Optional plain text with {review_link}: null, absent or blank all mean "the product's default text". */
const smsBody = ruled(templateSmsProblem, TEMPLATE_SMS_INVALID)
  .transform((value) => value.trim() || null)
  .nullable();
const isActive = z.boolean({ error: TEMPLATE_ACTIVE_INVALID });

export const templateCreatePayload = z.object({
  name,
  subject,
  htmlContent,
  phoneScript: phoneScript.optional().transform((value) => value ?? null),
  timingTip: timingTip.optional().transform((value) => value ?? null),
  smsBody: smsBody.optional().transform((value) => value ?? null),
  isActive: isActive.optional().transform((value) => value ?? true),
});

export const TEMPLATE_NOTHING_TO_UPDATE = 'Send at least one of name, subject, htmlContent, phoneScript, timingTip, smsBody or isActive';

export const templateUpdatePayload = z
  .object({
    name: name.optional(),
    subject: subject.optional(),
    htmlContent: htmlContent.optional(),
    phoneScript: phoneScript.optional(),
    timingTip: timingTip.optional(),
    smsBody: smsBody.optional(),
    isActive: isActive.optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), { message: TEMPLATE_NOTHING_TO_UPDATE });

export type TemplateCreate = z.infer<typeof templateCreatePayload>;
export type TemplateUpdate = z.infer<typeof templateUpdatePayload>;

/** POST /api/email-templates/preview: a template's subject and body, saved or not (issue 33, item 5). */
export const templatePreviewPayload = z.object({ subject, htmlContent });

import type { EmailTemplate } from '#domain/requests/templates.ts';
import {
  templateHtmlProblem,
  templateNameProblem,
  templatePhoneScriptProblem,
  templateSmsProblem,
  templateSubjectProblem,
  templateTimingTipProblem,
} from '#shared/template-rules.ts';
import { ApiError } from '../api.ts';

/** A template as its form holds it: the optional texts as empty strings. */
export interface Draft {
  name: string;
  subject: string;
  htmlContent: string;
  phoneScript: string;
  timingTip: string;
  /** The text message; empty: the product's default text. */
  smsBody: string;
  isActive: boolean;
}

export type FieldName = 'name' | 'subject' | 'htmlContent' | 'phoneScript' | 'timingTip' | 'smsBody';
export type FieldErrors = Partial<Record<FieldName, string>>;

export const EMPTY_DRAFT: Draft = { name: '', subject: '', htmlContent: '', phoneScript: '', timingTip: '', smsBody: '', isActive: true };
const FIELD_NAMES: FieldName[] = ['name', 'subject', 'htmlContent', 'phoneScript', 'timingTip', 'smsBody'];

export const draftOf = (t: EmailTemplate): Draft => ({
  name: t.name,
  subject: t.subject,
  htmlContent: t.htmlContent,
  phoneScript: t.phoneScript ?? '',
  timingTip: t.timingTip ?? '',
  smsBody: t.smsBody ?? '',
  isActive: t.isActive,
});

/** The same rules the server applies (decision 006), so most mistakes show before a round trip. */
export function draftProblems(draft: Draft): FieldErrors {
  const problems: FieldErrors = {
    name: templateNameProblem(draft.name),
    subject: templateSubjectProblem(draft.subject),
    htmlContent: templateHtmlProblem(draft.htmlContent),
    phoneScript: templatePhoneScriptProblem(draft.phoneScript),
    timingTip: templateTimingTipProblem(draft.timingTip),
    smsBody: templateSmsProblem(draft.smsBody),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as FieldErrors;
}

/** The server's complaint about one field, shown under that field. */
export function serverFieldError(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.serverMessage && FIELD_NAMES.includes(error.field as FieldName)) {
    return { [error.field as FieldName]: error.serverMessage };
  }
  return {};
}

/** The errors left once the fields in `change` were typed in again. */
export function errorsWithout(errors: FieldErrors, change: Partial<Draft>): FieldErrors {
  const next = { ...errors };
  for (const key of Object.keys(change)) delete next[key as FieldName];
  return next;
}

/** POST /api/email-templates: the texts trimmed, an empty optional one as null. */
export const createBody = (draft: Draft) => ({
  name: draft.name.trim(),
  subject: draft.subject.trim(),
  htmlContent: draft.htmlContent,
  phoneScript: draft.phoneScript.trim() || null,
  timingTip: draft.timingTip.trim() || null,
  smsBody: draft.smsBody.trim() || null,
  isActive: draft.isActive,
});

/** Only what changed, so an untouched body is not sent (and sanitised) again. */
export function changesOf(template: EmailTemplate, draft: Draft): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (draft.name.trim() !== template.name) changes.name = draft.name.trim();
  if (draft.subject.trim() !== template.subject) changes.subject = draft.subject.trim();
  if (draft.htmlContent !== template.htmlContent) changes.htmlContent = draft.htmlContent;
  const script = draft.phoneScript.trim() || null;
  if (script !== template.phoneScript) changes.phoneScript = script;
  const tip = draft.timingTip.trim() || null;
  if (tip !== template.timingTip) changes.timingTip = tip;
  const text = draft.smsBody.trim() || null;
  if (text !== template.smsBody) changes.smsBody = text;
  if (draft.isActive !== template.isActive) changes.isActive = draft.isActive;
  return changes;
}

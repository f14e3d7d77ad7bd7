// The log form's pure logic (SPEC.md section 4 "Log form"): what the subject, body and phone script
// show for a template and the names typed so far. No DOM, no Quill: unit-tested in fill.test.ts.
import { escapeHtml, fillPlaceholders, type PlaceholderValues } from '#shared/placeholders.ts';

/** An active template as the page hands it to the island. */
export interface LogTemplate {
  id: number;
  name: string;
  subject: string;
  htmlContent: string;
  phoneScript: string | null;
  /** When asking works best with this template; null: the workspace's tip. */
  timingTip: string | null;
  /** Its text message; null: the product's default text. */
  smsBody: string | null;
}

export interface Draft {
  subject: string;
  body: string;
  /**
   * Counts the times the body was set from outside the editor (template, names, reset): the editor
   * loads the body only when this changes, so the echo of the person's own typing never moves the
   * caret.
   */
  bodyVersion: number;
  /** True once the person changed the subject or body by hand: names then no longer rewrite it. */
  subjectEdited: boolean;
  bodyEdited: boolean;
}

export const EMPTY_DRAFT: Draft = { subject: '', body: '', bodyVersion: 0, subjectEdited: false, bodyEdited: false };

/** The subject (plain text) and body (HTML, values escaped) of a template with the names filled in. */
export function filledTemplate(template: LogTemplate, values: PlaceholderValues): { subject: string; body: string } {
  return {
    subject: fillPlaceholders(template.subject, values),
    body: fillPlaceholders(template.htmlContent, values, escapeHtml),
  };
}

/** The phone script with the names filled in; null when the template has none. */
export function filledPhoneScript(template: LogTemplate | undefined, values: PlaceholderValues): string | null {
  const script = template?.phoneScript?.trim();
  return script ? fillPlaceholders(script, values) : null;
}

/** The "When to ask" tip: the chosen template's, else the workspace's (which has a default). */
export function timingTipFor(template: LogTemplate | undefined, workspaceTip: string): string {
  return template?.timingTip?.trim() || workspaceTip;
}

/**
 * The draft after the template or a name changed. Choosing another template starts afresh from it;
 * clearing the template clears everything; a name change rewrites the subject and the body only
 * while that part has not been edited by hand (a hand edit is never overwritten silently).
 */
export function nextDraft(draft: Draft, template: LogTemplate | undefined, values: PlaceholderValues, templateChanged: boolean): Draft {
  if (!template) return clearedDraft(draft);
  const filled = filledTemplate(template, values);
  const next = templateChanged
    ? { ...filled, subjectEdited: false, bodyEdited: false }
    : {
        subject: draft.subjectEdited ? draft.subject : filled.subject,
        body: draft.bodyEdited ? draft.body : filled.body,
        subjectEdited: draft.subjectEdited,
        bodyEdited: draft.bodyEdited,
      };
  return { ...next, bodyVersion: next.body === draft.body ? draft.bodyVersion : draft.bodyVersion + 1 };
}

/** An empty subject and body (template cleared, or the form reset after logging). */
export function clearedDraft(draft: Draft): Draft {
  return { ...EMPTY_DRAFT, bodyVersion: draft.bodyVersion + 1 };
}

/** The person's own edit of the body in the editor: no new version, the editor already shows it. */
export function editedBody(draft: Draft, body: string): Draft {
  return { ...draft, body, bodyEdited: true };
}

/**
 * Quill's semantic HTML writes every space as &nbsp;, which would stop an email's lines from
 * wrapping. A run of n non-breaking spaces becomes one plain space and n-1 non-breaking ones, so the
 * spacing someone typed survives and lines still wrap.
 */
export function emailHtmlFromEditor(semanticHtml: string): string {
  return semanticHtml.replace(/(?:&nbsp;)+/g, (run) => ' ' + '&nbsp;'.repeat(run.length / 6 - 1));
}

/** True when the editor's HTML holds no text (Quill's empty document is "<p></p>" or "<p><br></p>"). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, '')
      .trim() === ''
  );
}

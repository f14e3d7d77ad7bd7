import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { emailTemplates } from '#platform/db/schema.ts';
import { addUnderCap } from '#platform/db/workspace-cap.ts';
import { sanitizeEmailHtml } from '#platform/sanitize-html.ts';
import { oneLine, TEMPLATE_HTML_UNSAFE_ONLY, TEMPLATE_LIMIT, TEMPLATE_LIMIT_MESSAGE, TEMPLATE_NOT_FOUND } from '#shared/template-rules.ts';
import type { Refusal } from '#contracts/refusal.ts';

/** An email template as every answer shows it (SPEC.md section 3). */
export interface EmailTemplate {
  id: number;
  name: string;
  subject: string;
  /** Sanitised HTML (src/platform/sanitize-html.ts): what is stored is already safe to send. */
  htmlContent: string;
  /** The script staff read on the phone; null when the template has none. */
  phoneScript: string | null;
  /** When asking works best with this template; null: the workspace's `request_timing_tip`. */
  timingTip: string | null;
  /** Its text message (issue 29); null: the product's default text. */
  smsBody: string | null;
  isActive: boolean;
}

/** What a create needs; the payload schema (src/contracts/template-payloads.ts) checks limits first. */
export interface TemplateInput {
  name: string;
  subject: string;
  htmlContent: string;
  phoneScript: string | null;
  timingTip: string | null;
  /** The text message; null: the product's default text. */
  smsBody: string | null;
  isActive: boolean;
}

export type TemplateProblem = 'not_found' | 'limit_reached' | 'empty_html';

export type TemplateResult = { ok: true; template: EmailTemplate } | { ok: false; problem: TemplateProblem };

/** How the API answers a template change refused. */
export function templateRefusal(problem: TemplateProblem): Refusal {
  switch (problem) {
    case 'limit_reached':
      return { status: 409, message: TEMPLATE_LIMIT_MESSAGE };
    case 'empty_html':
      return { status: 400, message: TEMPLATE_HTML_UNSAFE_ONLY, field: 'htmlContent' };
    case 'not_found':
      return { status: 404, message: TEMPLATE_NOT_FOUND };
  }
}

const templateColumns = {
  id: emailTemplates.id,
  name: emailTemplates.name,
  subject: emailTemplates.subject,
  htmlContent: emailTemplates.htmlContent,
  phoneScript: emailTemplates.phoneScript,
  smsBody: emailTemplates.smsBody,
  timingTip: emailTemplates.timingTip,
  isActive: emailTemplates.isActive,
};

/** What is stored for each field: one-line name and subject, sanitised HTML, a trimmed script and tip or null. */
function normalise(input: Partial<TemplateInput>): Partial<TemplateInput> {
  return {
    ...(input.name !== undefined ? { name: oneLine(input.name) } : {}),
    ...(input.subject !== undefined ? { subject: oneLine(input.subject) } : {}),
    ...(input.htmlContent !== undefined ? { htmlContent: sanitizeEmailHtml(input.htmlContent).trim() } : {}),
    ...(input.phoneScript !== undefined ? { phoneScript: input.phoneScript?.trim() || null } : {}),
    ...(input.timingTip !== undefined ? { timingTip: input.timingTip?.trim() || null } : {}),
    ...(input.smsBody !== undefined ? { smsBody: input.smsBody?.trim() || null } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  };
}

const inWorkspace = (workspaceId: number, id: number) => and(eq(emailTemplates.workspaceId, workspaceId), eq(emailTemplates.id, id));
const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/**
 * The workspace's templates in the order they were created (newest last), so the admin card and the
 * log form's template list keep one stable order whatever is renamed.
 */
export async function listTemplates(db: Db, workspaceId: number): Promise<EmailTemplate[]> {
  return db.select(templateColumns).from(emailTemplates).where(eq(emailTemplates.workspaceId, workspaceId)).orderBy(asc(emailTemplates.id));
}

/** The active templates, in the same order: what staff may choose on the log form. */
export async function listActiveTemplates(db: Db, workspaceId: number): Promise<EmailTemplate[]> {
  return db
    .select(templateColumns)
    .from(emailTemplates)
    .where(and(eq(emailTemplates.workspaceId, workspaceId), eq(emailTemplates.isActive, true)))
    .orderBy(asc(emailTemplates.id));
}

/** The template when it belongs to the workspace; null for any other id (fails closed). */
export async function getTemplateInWorkspace(db: Db, workspaceId: number, id: number): Promise<EmailTemplate | null> {
  if (!validId(id)) return null;
  const [row] = await db.select(templateColumns).from(emailTemplates).where(inWorkspace(workspaceId, id));
  return row ?? null;
}

/** Creates a template unless the workspace already has TEMPLATE_LIMIT of them (even when two arrive at once). */
export async function createTemplate(db: Db, workspaceId: number, input: TemplateInput): Promise<TemplateResult> {
  const values = normalise(input) as TemplateInput;
  if (!values.htmlContent) return { ok: false, problem: 'empty_html' };
  const added = await addUnderCap(
    db,
    workspaceId,
    TEMPLATE_LIMIT,
    async (tx) => (await tx.select({ n: count() }).from(emailTemplates).where(eq(emailTemplates.workspaceId, workspaceId)))[0]?.n ?? 0,
    async (tx) =>
      (
        await tx
          .insert(emailTemplates)
          .values({ workspaceId, ...values })
          .returning(templateColumns)
      )[0]!,
  );
  return added.ok ? { ok: true, template: added.value } : { ok: false, problem: added.problem };
}

/** Changes any of a template's fields; an empty change answers the template as it is. */
export async function updateTemplate(db: Db, workspaceId: number, id: number, changes: Partial<TemplateInput>): Promise<TemplateResult> {
  if (!validId(id)) return { ok: false, problem: 'not_found' };
  const values = normalise(changes);
  if (values.htmlContent === '') return { ok: false, problem: 'empty_html' };
  if (Object.keys(values).length === 0) {
    const template = await getTemplateInWorkspace(db, workspaceId, id);
    return template ? { ok: true, template } : { ok: false, problem: 'not_found' };
  }
  const [template] = await db.update(emailTemplates).set(values).where(inWorkspace(workspaceId, id)).returning(templateColumns);
  return template ? { ok: true, template } : { ok: false, problem: 'not_found' };
}

/** Deletes a template of the workspace. Requests logged with it keep their own copy of subject and body. */
export async function deleteTemplate(db: Db, workspaceId: number, id: number): Promise<{ ok: true } | { ok: false; problem: 'not_found' }> {
  if (!validId(id)) return { ok: false, problem: 'not_found' };
  const deleted = await db.delete(emailTemplates).where(inWorkspace(workspaceId, id)).returning({ id: emailTemplates.id });
  return deleted.length ? { ok: true } : { ok: false, problem: 'not_found' };
}

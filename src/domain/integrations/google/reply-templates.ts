import { and, asc, count, eq } from 'drizzle-orm';
import type { Refusal } from '#contracts/refusal.ts';
import type { ReplyTemplateEdit, ReplyTemplateInput } from '#contracts/reply-payloads.ts';
import type { Db } from '#platform/db/database.ts';
import { replyTemplates, workspaces } from '#platform/db/schema.ts';
import { REPLY_TEMPLATES_MAX } from '#shared/replies.ts';

// A workspace's reply templates (issue 30): up to five, each a name and a text with placeholders
// (src/shared/replies.ts) that the reply box fills for the review being answered.

export interface ReplyTemplate {
  id: number;
  name: string;
  body: string;
}

export type ReplyTemplateProblem = 'not_found' | 'too_many';

export function replyTemplateRefusal(problem: ReplyTemplateProblem): Refusal {
  return problem === 'not_found'
    ? { status: 404, message: 'Reply template not found' }
    : { status: 409, message: `A workspace keeps at most ${REPLY_TEMPLATES_MAX} reply templates: change or delete one first` };
}

const columns = { id: replyTemplates.id, name: replyTemplates.name, body: replyTemplates.body };

/** Oldest first: the order the admin wrote them, which the reply box keeps. */
export function listReplyTemplates(db: Db, workspaceId: number): Promise<ReplyTemplate[]> {
  return db.select(columns).from(replyTemplates).where(eq(replyTemplates.workspaceId, workspaceId)).orderBy(asc(replyTemplates.id));
}

export async function createReplyTemplate(
  db: Db,
  workspaceId: number,
  input: ReplyTemplateInput,
): Promise<{ ok: true; template: ReplyTemplate } | { ok: false; problem: ReplyTemplateProblem }> {
  return db.transaction(async (tx) => {
    // Two admins adding at once are counted one after the other.
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(replyTemplates).where(eq(replyTemplates.workspaceId, workspaceId));
    if (n >= REPLY_TEMPLATES_MAX) return { ok: false, problem: 'too_many' as const };
    const [template] = await tx.insert(replyTemplates).values({ workspaceId, name: input.name, body: input.body }).returning(columns);
    return { ok: true, template: template! };
  });
}

export async function editReplyTemplate(
  db: Db,
  workspaceId: number,
  id: number,
  edit: ReplyTemplateEdit,
): Promise<{ ok: true; template: ReplyTemplate } | { ok: false; problem: ReplyTemplateProblem }> {
  const [template] = await db
    .update(replyTemplates)
    .set(edit)
    .where(and(eq(replyTemplates.id, id), eq(replyTemplates.workspaceId, workspaceId)))
    .returning(columns);
  return template ? { ok: true, template } : { ok: false, problem: 'not_found' };
}

export async function deleteReplyTemplate(db: Db, workspaceId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(replyTemplates)
    .where(and(eq(replyTemplates.id, id), eq(replyTemplates.workspaceId, workspaceId)))
    .returning({ id: replyTemplates.id });
  return deleted.length > 0;
}

import { z } from 'zod';
import { REPLY_MAX_BYTES, REPLY_TEMPLATE_NAME_MAX, replyBytes, replyLengthProblem } from '#shared/replies.ts';

// The bodies of the reply and reply-template requests (issue 30).

/** PUT /api/google-reviews/{id}/reply: the owner's reply, within Google's 4,096 bytes. */
export const replyPayload = z.object({
  comment: z.string({ error: 'comment is the reply, as text' }).superRefine((comment, ctx) => {
    const problem = replyLengthProblem(comment);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

const templateName = z
  .string({ error: 'name is the template’s name, as text' })
  .trim()
  .min(1, 'Give the template a name')
  .max(REPLY_TEMPLATE_NAME_MAX, `A template name is at most ${REPLY_TEMPLATE_NAME_MAX} characters`);
const templateBody = z
  .string({ error: 'body is the template’s text' })
  .refine((body) => body.trim() !== '', 'Write the template’s text')
  .refine((body) => replyBytes(body) <= REPLY_MAX_BYTES, `A template is at most ${REPLY_MAX_BYTES.toLocaleString('en-US')} bytes, as a reply is`);

/** POST /api/admin/reply-templates. */
export const replyTemplateCreatePayload = z.object({ name: templateName, body: templateBody });
/** PATCH /api/admin/reply-templates/{id}: either or both. */
export const replyTemplateEditPayload = z
  .object({ name: templateName.optional(), body: templateBody.optional() })
  .refine((edit) => edit.name !== undefined || edit.body !== undefined, 'Send the name, the body, or both');

export type ReplyTemplateInput = z.infer<typeof replyTemplateCreatePayload>;
export type ReplyTemplateEdit = z.infer<typeof replyTemplateEditPayload>;

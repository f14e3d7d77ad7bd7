import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { json, parseId, parseJsonBody, refused } from '#web/http.ts';
import { deleteReply, replyRefusal, replyToReview } from '#domain/integrations/google/replies.ts';
import { replyPayload } from '#contracts/reply-payloads.ts';

// The owner's reply to a Google review (issue 30): the admin's, and staff's when the admin allows it.

/** `{ comment }` → `{ reply: { comment, updateTime } }`, as Google keeps it. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return refused(replyRefusal('review_not_found'));
  const parsed = await parseJsonBody(request, replyPayload);
  if (!parsed.ok) return parsed.response;
  const result = await replyToReview(locals.runtime, access.workspace, access.session, id, parsed.data.comment);
  return result.ok ? json({ reply: result.value }) : refused(replyRefusal(result.problem, result.detail));
};

export const DELETE: APIRoute = async ({ params, locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const id = parseId(params.id);
  if (id === null) return refused(replyRefusal('review_not_found'));
  const result = await deleteReply(locals.runtime, access.workspace, access.session, id);
  return result.ok ? json({ message: 'Reply deleted' }) : refused(replyRefusal(result.problem, result.detail));
};

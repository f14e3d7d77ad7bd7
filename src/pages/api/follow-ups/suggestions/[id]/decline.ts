import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { json, notFound, parseId } from '#web/http.ts';
import { declineSuggestion } from '#domain/requests/follow-ups.ts';
import { callerStaffEmail } from '../../_caller.ts';

const NOT_YOURS = 'This review is not waiting for your answer';

/** "No, not my customer": the suggested review waits unmatched, for the admin. */
export const POST: APIRoute = async ({ params, locals, url, cookies }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const caller = callerStaffEmail(url, cookies);
  if (!caller.ok) return caller.response;
  const id = parseId(params.id);
  if (id === null) return notFound(NOT_YOURS);
  const declined = await declineSuggestion(locals.runtime.database, access.workspace, caller.staffEmail, id);
  return declined ? json({ message: 'Left for the admin to match' }) : notFound(NOT_YOURS);
};

import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { json } from '#web/http.ts';
import { listFollowUps } from '#domain/requests/follow-ups.ts';
import { callerStaffEmail } from './_caller.ts';

/** The caller's requests due a follow-up, the longest waiting first. */
export const GET: APIRoute = async ({ locals, url, cookies }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const caller = callerStaffEmail(url, cookies);
  if (!caller.ok) return caller.response;
  return json(await listFollowUps(locals.runtime.database.db, access.workspace, caller.staffEmail));
};

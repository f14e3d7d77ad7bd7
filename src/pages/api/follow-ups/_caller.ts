import type { AstroCookies } from 'astro';
import type { StaffCookie } from '../../../islands/log-request/staff-cookies.ts';
import { badRequest } from '#web/http.ts';
import { logRequestRules } from '#shared/rules.ts';

const STAFF_EMAIL_COOKIE: StaffCookie = 'staffEmail';
export const NO_STAFF_EMAIL = 'Staff email is required: log a request first, or give ?staffEmail=';

/**
 * Whose follow-ups: `?staffEmail=`, else the staff email the log form remembers (its cookie). Staff
 * share one session per workspace, so this names the person, as the log form does; it grants nothing.
 */
export function callerStaffEmail(url: URL, cookies: AstroCookies): { ok: true; staffEmail: string } | { ok: false; response: Response } {
  const given = (url.searchParams.get('staffEmail') ?? cookies.get(STAFF_EMAIL_COOKIE)?.value ?? '').trim();
  if (!given) return { ok: false, response: badRequest(NO_STAFF_EMAIL, 'staffEmail') };
  const problem = logRequestRules.staffEmail(given);
  return problem ? { ok: false, response: badRequest(problem, 'staffEmail') } : { ok: true, staffEmail: given };
}

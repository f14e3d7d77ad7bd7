import { CURRENT_ADMIN_PASSWORD_MISSING, CURRENT_ADMIN_PASSWORD_WRONG, type AdminConfirmation } from '#domain/workspace/auth/account-changes.ts';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '#domain/workspace/auth/sign-in.ts';
import { errorJson } from '#web/http.ts';

/** The answer when the current admin password did not confirm a change (the underscore keeps this out of the routes). */
export function confirmationRefused(confirmation: Exclude<AdminConfirmation, 'ok'>): Response {
  if (confirmation === 'blocked') return errorJson(429, TOO_MANY_ATTEMPTS_MESSAGE, 'currentAdminPassword');
  // 400 for a wrong one too, as for any field: a 403 would tell the panel its admin right is gone.
  return errorJson(400, confirmation === 'missing' ? CURRENT_ADMIN_PASSWORD_MISSING : CURRENT_ADMIN_PASSWORD_WRONG, 'currentAdminPassword');
}

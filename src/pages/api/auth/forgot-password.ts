import type { APIRoute } from 'astro';
import { allowResetRequest, FORGOT_PASSWORD_MESSAGE, sendResetLink, TOO_MANY_RESET_REQUESTS } from '../../../lib/auth/password-reset.ts';
import { emailSender } from '../../../lib/email/mailer.ts';
import { errorJson, json, parseJsonBody } from '../../../lib/http.ts';
import { logError } from '../../../lib/log.ts';
import { forgotPasswordPayload } from '../../../lib/validation/payloads.ts';

/**
 * Asks for a reset link. Whatever the dashboard URL and email, the answer is the same and comes at
 * once: the lookup and the mail happen after it, so neither its text nor its timing tells whether
 * an account matched.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const parsed = await parseJsonBody(request, forgotPasswordPayload);
  if (!parsed.ok) return parsed.response;
  const { runtime } = locals;
  const db = runtime.database.db;
  if (!(await allowResetRequest(db, locals.clientAddress))) return errorJson(429, TOO_MANY_RESET_REQUESTS);
  sendResetLink({ db, sender: emailSender(runtime.config), publicUrl: runtime.config.publicUrl }, parsed.data).catch((error) =>
    logError('Could not handle a password reset request', error),
  );
  return json({ message: FORGOT_PASSWORD_MESSAGE });
};

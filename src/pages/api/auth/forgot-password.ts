import type { APIRoute } from 'astro';
import { allowResetRequest, FORGOT_PASSWORD_MESSAGE, startResetLink, TOO_MANY_RESET_REQUESTS } from '#domain/workspace/auth/password-reset.ts';
import { emailSender } from '#domain/email/mailer.ts';
import { errorJson, json, parseJsonBody } from '#web/http.ts';
import { forgotPasswordPayload } from '#contracts/payloads.ts';

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
  void startResetLink({ db, sender: emailSender(runtime.config), publicUrl: runtime.config.publicUrl }, parsed.data);
  return json({ message: FORGOT_PASSWORD_MESSAGE });
};

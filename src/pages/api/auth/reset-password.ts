import type { APIRoute } from 'astro';
import { forgetAttempt } from '#domain/workspace/auth/attempts.ts';
import {
  beginResetAttempt,
  PASSWORDS_RESET_MESSAGE,
  RESET_LINK_INVALID,
  resetPasswords,
  TOO_MANY_RESET_ATTEMPTS,
} from '#domain/workspace/auth/password-reset.ts';
import { errorJson, json, parseJsonBody } from '#web/http.ts';
import { resetPasswordPayload } from '#contracts/payloads.ts';

/** Uses a reset link: new passwords, and everyone signed in with an old one is signed out. */
export const POST: APIRoute = async ({ request, locals }) => {
  const parsed = await parseJsonBody(request, resetPasswordPayload);
  if (!parsed.ok) return parsed.response;
  const db = locals.runtime.database.db;
  const attempt = await beginResetAttempt(db, locals.clientAddress);
  if (!attempt.allowed) return errorJson(429, TOO_MANY_RESET_ATTEMPTS);
  const { token, ...passwords } = parsed.data;
  const reset = await resetPasswords(db, token, passwords);
  if (!reset) return errorJson(400, RESET_LINK_INVALID);
  await forgetAttempt(db, attempt.id);
  return json({ slug: reset.slug, message: PASSWORDS_RESET_MESSAGE });
};

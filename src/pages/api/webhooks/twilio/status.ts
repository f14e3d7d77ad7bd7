import type { APIRoute } from 'astro';
import { receiveStatusCallback } from '#domain/sms/callbacks.ts';
import { errorJson, json } from '#web/http.ts';
import { readTwilioForm } from '#web/twilio-form.ts';

// Twilio's status callbacks: no session and no cross-site check (the middleware opens this path); the
// X-Twilio-Signature is what lets one in (src/domain/sms/callbacks.ts).
export const POST: APIRoute = async ({ locals, request }) => {
  const { config, database, secretKey } = locals.runtime;
  const form = await readTwilioForm(request, config);
  if (!form.ok) return errorJson(form.status, form.message);
  const outcome = await receiveStatusCallback({ db: database.db, secretKey }, form.url, form.params, form.signature);
  return outcome.status === 200 ? json(outcome.body) : errorJson(outcome.status, outcome.message);
};

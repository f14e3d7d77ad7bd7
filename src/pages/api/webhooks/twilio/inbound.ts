import type { APIRoute } from 'astro';
import { receiveInboundMessage } from '#domain/sms/callbacks.ts';
import { errorJson } from '#web/http.ts';
import { readTwilioForm } from '#web/twilio-form.ts';

// A customer's reply to a text (the Twilio number's or Messaging Service's incoming-message webhook),
// signed like the status callbacks. The answer is TwiML with no reply in it: Twilio answers STOP and
// START itself.
export const POST: APIRoute = async ({ locals, request }) => {
  const { config, database, secretKey } = locals.runtime;
  const form = await readTwilioForm(request, config);
  if (!form.ok) return errorJson(form.status, form.message);
  const outcome = await receiveInboundMessage({ db: database.db, secretKey }, form.url, form.params, form.signature);
  if (outcome.status !== 200) return errorJson(outcome.status, outcome.message);
  return new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', {
    headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store' },
  });
};

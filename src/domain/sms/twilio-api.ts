// Sending one text through Twilio's REST API (2010-04-01 Messages resource): a form-encoded POST with
// HTTP Basic auth. What Twilio answers decides the retry: 429 and 5xx (and no answer) are tried again;
// any other refusal is final, with Twilio's error code (INTEGRATIONS.md, "Twilio").

/** Twilio's error for a recipient who replied STOP to this sender. */
export const TWILIO_UNSUBSCRIBED = 21610;

/** How long a call waits for Twilio unless told (the sms job passes its queue's callTimeoutMs: src/domain/sms/outbox.ts). */
const DEFAULT_TIMEOUT_MS = 15_000;

export interface TwilioSend {
  apiBase: string;
  accountSid: string;
  username: string;
  password: string;
  to: string;
  body: string;
  from?: string | null;
  messagingServiceSid?: string | null;
  statusCallback?: string | null;
  timeoutMs?: number;
}

export type TwilioSendResult =
  | { ok: true; sid: string; status: string; segments: number | null }
  | { ok: false; retryable: boolean; httpStatus: number | null; code: number | null; message: string };

export async function sendTwilioMessage(input: TwilioSend, fetchImpl: typeof fetch = fetch): Promise<TwilioSendResult> {
  const form = new URLSearchParams({ To: input.to, Body: input.body });
  if (input.messagingServiceSid) form.set('MessagingServiceSid', input.messagingServiceSid);
  else if (input.from) form.set('From', input.from);
  if (input.statusCallback) form.set('StatusCallback', input.statusCallback);
  let response: Response;
  try {
    response = await fetchImpl(`${input.apiBase}/2010-04-01/Accounts/${encodeURIComponent(input.accountSid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${input.username}:${input.password}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form,
      signal: AbortSignal.timeout(input.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, retryable: true, httpStatus: null, code: null, message: `Twilio could not be reached (${(error as Error).message})` };
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok && typeof answer.sid === 'string') {
    const segments = Number(answer.num_segments);
    return {
      ok: true,
      sid: answer.sid,
      status: typeof answer.status === 'string' ? answer.status : 'queued',
      segments: Number.isFinite(segments) ? segments : null,
    };
  }
  const code = typeof answer.code === 'number' ? answer.code : Number(answer.code) || null;
  const message = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
  return { ok: false, retryable: response.status === 429 || response.status >= 500, httpStatus: response.status, code, message };
}

export type TwilioLookup = { ok: true; message: { sid: string; status: string } | null } | { ok: false; message: string };

/**
 * The text Twilio already holds for `to` with exactly this body, created at or after `since`: what a
 * send whose answer was lost (the process ended mid-call) left there. Twilio has no idempotency key for
 * messages; looking before sending again is what keeps a retry from texting the customer twice.
 */
export async function findTwilioMessage(
  input: Pick<TwilioSend, 'apiBase' | 'accountSid' | 'username' | 'password' | 'to' | 'body' | 'timeoutMs'> & { since: Date },
  fetchImpl: typeof fetch = fetch,
): Promise<TwilioLookup> {
  const query = new URLSearchParams({ To: input.to, PageSize: '50' });
  let response: Response;
  try {
    response = await fetchImpl(`${input.apiBase}/2010-04-01/Accounts/${encodeURIComponent(input.accountSid)}/Messages.json?${query}`, {
      headers: { authorization: `Basic ${Buffer.from(`${input.username}:${input.password}`).toString('base64')}`, accept: 'application/json' },
      signal: AbortSignal.timeout(input.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, message: `Twilio could not be reached (${(error as Error).message})` };
  }
  if (!response.ok) return { ok: false, message: `Twilio answered HTTP ${response.status} to the message list` };
  const page = (await response.json().catch(() => ({}))) as { messages?: { sid?: string; status?: string; body?: string; date_created?: string }[] };
  // Twilio's dates are RFC 2822 to the second: a message created in the same second as the row counts.
  const since = Math.floor(input.since.getTime() / 1000) * 1000;
  const found = (page.messages ?? []).find((m) => typeof m.sid === 'string' && m.body === input.body && Date.parse(m.date_created ?? '') >= since);
  return { ok: true, message: found ? { sid: found.sid!, status: found.status ?? 'queued' } : null };
}

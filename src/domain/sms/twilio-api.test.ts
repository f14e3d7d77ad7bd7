import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../../../tests/fakes/twilio.ts';
import { findTwilioMessage, sendTwilioMessage, TWILIO_UNSUBSCRIBED, type TwilioSend } from './twilio-api.ts';

// The client against the fake Twilio (built from Twilio's published API description) for what Twilio
// answers, and against a stub fetch for what only a broken network does.

type Fake = Awaited<ReturnType<typeof startFakeTwilio>>;
let fake: Fake;

beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterAll(() => fake.stop());

const SERVICE_SID = `MG${'b'.repeat(32)}`;

function send(overrides: Partial<TwilioSend> = {}) {
  return sendTwilioMessage({
    apiBase: fake.apiBase,
    accountSid: fake.accountSid,
    username: fake.accountSid,
    password: fake.authToken,
    to: '+61412345678',
    from: '+61400000000',
    body: 'How did we do? https://review.example/r/abc',
    statusCallback: 'https://review.example/api/webhooks/twilio/status?sms=42',
    ...overrides,
  });
}

/** A fetch that records the request and answers `answer` (or throws it). */
function stubFetch(answer: Response | Error) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const stubInput: TwilioSend = {
  apiBase: 'https://api.twilio.test',
  accountSid: 'AC0123',
  username: 'SK0456',
  password: 'secret:with:colons',
  to: '+61412345678',
  body: 'Hi & welcome = 😀',
};

describe('sendTwilioMessage', () => {
  it('sends one text under the Account SID and auth token, and reads the sid, status and segments', async () => {
    const result = await send();
    expect(result).toEqual({ ok: true, sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued', segments: 1 });
    expect(fake.messages.at(-1)).toMatchObject({
      sid: result.ok ? result.sid : '',
      to: '+61412345678',
      from: '+61400000000',
      messagingServiceSid: null,
      body: 'How did we do? https://review.example/r/abc',
      statusCallback: 'https://review.example/api/webhooks/twilio/status?sms=42',
    });
  });

  it('sends under an API key, through a Messaging Service instead of a number when it has one', async () => {
    const result = await send({ username: fake.apiKeySid, password: fake.apiKeySecret, messagingServiceSid: SERVICE_SID, statusCallback: null });
    expect(result).toMatchObject({ ok: true, status: 'accepted' });
    expect(fake.messages.at(-1)).toMatchObject({ messagingServiceSid: SERVICE_SID, from: null, statusCallback: null });
  });

  it('posts the form Twilio documents: To, Body, the sender and StatusCallback, under HTTP Basic auth', async () => {
    const { calls, fetchImpl } = stubFetch(Response.json({ sid: 'SM1', status: 'queued', num_segments: '2' }, { status: 201 }));
    expect(await sendTwilioMessage({ ...stubInput, from: '+61400000000', statusCallback: 'https://x.example/s?sms=1' }, fetchImpl)).toEqual({
      ok: true,
      sid: 'SM1',
      status: 'queued',
      segments: 2,
    });
    const [{ url, init }] = calls as [(typeof calls)[0]];
    expect(url).toBe('https://api.twilio.test/2010-04-01/Accounts/AC0123/Messages.json');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('authorization')).toBe(`Basic ${Buffer.from('SK0456:secret:with:colons').toString('base64')}`);
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      To: '+61412345678',
      Body: 'Hi & welcome = 😀',
      From: '+61400000000',
      StatusCallback: 'https://x.example/s?sms=1',
    });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.signal!.aborted).toBe(false);
  });

  it('retries what Twilio answers 429 or 5xx, then sends', async () => {
    fake.failNext({ status: 429, code: 20429, message: 'Too Many Requests' }, { status: 500, code: 20500, message: 'Internal Server Error' });
    expect(await send()).toEqual({ ok: false, retryable: true, httpStatus: 429, code: 20429, message: 'Too Many Requests' });
    expect(await send()).toEqual({ ok: false, retryable: true, httpStatus: 500, code: 20500, message: 'Internal Server Error' });
    expect(await send()).toMatchObject({ ok: true });
  });

  it("gives up on Twilio's refusals, with their code: unsubscribed, invalid number, wrong credentials", async () => {
    fake.failNext(
      { status: 400, code: TWILIO_UNSUBSCRIBED, message: 'Attempt to send to unsubscribed recipient' },
      { status: 400, code: 21211, message: "Invalid 'To' Phone Number" },
    );
    expect(await send()).toEqual({ ok: false, retryable: false, httpStatus: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    expect(await send()).toEqual({ ok: false, retryable: false, httpStatus: 400, code: 21211, message: "Invalid 'To' Phone Number" });
    expect(await send({ password: 'wrong' })).toMatchObject({ ok: false, retryable: false, httpStatus: 401, code: 20003 });
    expect(await send({ from: null })).toMatchObject({ ok: false, retryable: false, httpStatus: 400, code: 21603 });
  });

  it('retries when Twilio cannot be reached or does not answer in time', async () => {
    const refused = await sendTwilioMessage(stubInput, stubFetch(new TypeError('fetch failed')).fetchImpl);
    expect(refused).toMatchObject({ ok: false, retryable: true, httpStatus: null, code: null });
    const timedOut = await sendTwilioMessage(stubInput, stubFetch(new DOMException('The operation was aborted due to timeout', 'TimeoutError')).fetchImpl);
    expect(timedOut).toMatchObject({ ok: false, retryable: true, httpStatus: null, code: null });
    expect(timedOut.ok === false && timedOut.message).toContain('timeout');
  });

  it('reads an answer that is not JSON by its HTTP status', async () => {
    const gateway = await sendTwilioMessage(stubInput, stubFetch(new Response('<html>Bad gateway</html>', { status: 502 })).fetchImpl);
    expect(gateway).toEqual({ ok: false, retryable: true, httpStatus: 502, code: null, message: 'HTTP 502' });
    const odd = await sendTwilioMessage(stubInput, stubFetch(new Response('nope', { status: 404 })).fetchImpl);
    expect(odd).toEqual({ ok: false, retryable: false, httpStatus: 404, code: null, message: 'HTTP 404' });
  });
});

describe('findTwilioMessage', () => {
  it('finds the text a lost answer left on Twilio, by recipient, body and time', async () => {
    const since = new Date();
    const sent = await send({ to: '+61499999999', body: 'Only once' });
    const account = { apiBase: fake.apiBase, accountSid: fake.accountSid, username: fake.accountSid, password: fake.authToken, to: '+61499999999' };
    expect(await findTwilioMessage({ ...account, body: 'Only once', since })).toEqual({
      ok: true,
      message: { sid: sent.ok ? sent.sid : '', status: 'queued' },
    });
    expect(await findTwilioMessage({ ...account, body: 'Another text', since })).toEqual({ ok: true, message: null });
    expect(await findTwilioMessage({ ...account, body: 'Only once', since: new Date(Date.now() + 5_000) })).toEqual({ ok: true, message: null });
    expect(await findTwilioMessage({ ...account, password: 'wrong', body: 'Only once', since })).toMatchObject({ ok: false });
  });
});

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTwilio } from './twilio.ts';

// The fake is held to Twilio's own description of itself: the `twilio` package talks to it as to
// api.twilio.com, its answers carry the properties of the Message schema in twilio-oai
// (spec/json/twilio_api_v2010.json, `api.v2010.account.message`), and what it posts back is accepted by
// the package's validateRequest with the account's auth token.

/** The properties of `api.v2010.account.message` in twilio-oai's twilio_api_v2010.json. */
const MESSAGE_PROPERTIES = [
  'account_sid',
  'api_version',
  'body',
  'date_created',
  'date_sent',
  'date_updated',
  'direction',
  'error_code',
  'error_message',
  'from',
  'messaging_service_sid',
  'num_media',
  'num_segments',
  'price',
  'price_unit',
  'sid',
  'status',
  'subresource_uris',
  'to',
  'uri',
];

/** RFC 2822 in GMT as Twilio writes it: "Thu, 24 Aug 2023 05:01:45 +0000". */
const RFC_2822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} \+0000$/;

const SERVICE_SID = `MG${'a'.repeat(32)}`;

type Fake = Awaited<ReturnType<typeof startFakeTwilio>>;
let fake: Fake;

/** Our side of the callbacks: records each POST as the URL it was called at, its signature and its form. */
interface Received {
  url: string;
  signature: string | undefined;
  contentType: string | undefined;
  params: Record<string, string>;
}
const received: Received[] = [];
let receiverBase = '';
const receiver = createServer(async (request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  received.push({
    url: `${receiverBase}${request.url}`,
    signature: request.headers['x-twilio-signature'] as string | undefined,
    contentType: request.headers['content-type'],
    params: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
  });
  response.writeHead(200, { 'content-type': 'text/xml' });
  response.end('<Response/>');
});

/** The `twilio` package, pointed at the fake instead of api.twilio.com. */
function sdk(username: string, password: string) {
  class ToTheFake extends twilio.RequestClient {
    override request<T>(opts: Parameters<typeof twilio.RequestClient.prototype.request<T>>[0]) {
      return super.request<T>({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, fake.apiBase) });
    }
  }
  return twilio(username, password, { accountSid: fake.accountSid, httpClient: new ToTheFake() });
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function post(form: Record<string, string>, authorization = basic(fake.accountSid, fake.authToken)) {
  return fetch(`${fake.apiBase}/2010-04-01/Accounts/${fake.accountSid}/Messages.json`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}

beforeAll(async () => {
  fake = await startFakeTwilio();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

describe('the fake Twilio Messages API', () => {
  it('answers a send under the Account SID and auth token with the Message resource of the OpenAPI description', async () => {
    const answer = await post({ To: '+61412345678', From: '+61400000000', Body: 'Thanks for visiting 😀', StatusCallback: `${receiverBase}/status?sms=1` });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const message = (await answer.json()) as Record<string, unknown>;
    expect(Object.keys(message).sort()).toEqual(MESSAGE_PROPERTIES);
    expect(message).toMatchObject({
      account_sid: fake.accountSid,
      api_version: '2010-04-01',
      body: 'Thanks for visiting 😀',
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: '+61400000000',
      messaging_service_sid: null,
      price: null,
      status: 'queued',
      to: '+61412345678',
    });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message.account_sid).toMatch(/^AC[0-9a-f]{32}$/);
    expect(message.num_segments).toMatch(/^\d+$/);
    expect(message.num_media).toMatch(/^\d+$/);
    expect(message.date_created).toMatch(RFC_2822);
    expect(message.uri).toBe(`/2010-04-01/Accounts/${fake.accountSid}/Messages/${message.sid}.json`);
    expect(fake.messages.at(-1)).toMatchObject({
      sid: message.sid,
      to: '+61412345678',
      from: '+61400000000',
      messagingServiceSid: null,
      body: 'Thanks for visiting 😀',
      statusCallback: `${receiverBase}/status?sms=1`,
    });
  });

  it('is what the twilio package expects, under an API key and through a Messaging Service', async () => {
    const client = sdk(fake.apiKeySid, fake.apiKeySecret);
    const message = await client.messages.create({
      to: '+61412345678',
      messagingServiceSid: SERVICE_SID,
      body: 'Hello',
      statusCallback: `${receiverBase}/status`,
    });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message.accountSid).toBe(fake.accountSid);
    expect(message.messagingServiceSid).toBe(SERVICE_SID);
    expect(message.from).toBeNull();
    // Twilio's status for a Messaging Service send that is not scheduled; the OpenAPI examples also show "queued".
    expect(['accepted', 'queued']).toContain(message.status);
    // The package reads date_created with its RFC 2822 pattern and leaves the text as it is when it does not match.
    expect(message.dateCreated).toBeInstanceOf(Date);
    expect(Math.abs(message.dateCreated.getTime() - Date.now())).toBeLessThan(60_000);
    expect(fake.messages.at(-1)).toMatchObject({ sid: message.sid, messagingServiceSid: SERVICE_SID, from: null, statusCallback: `${receiverBase}/status` });
  });

  it('refuses wrong credentials with 401 and code 20003, as the twilio package reads it', async () => {
    const before = fake.messages.length;
    for (const authorization of [basic(fake.accountSid, 'wrong'), basic(fake.apiKeySid, fake.authToken), '']) {
      const answer = await post({ To: '+61412345678', From: '+61400000000', Body: 'Hi' }, authorization);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 20003, status: 401, more_info: 'https://www.twilio.com/docs/errors/20003' });
    }
    await expect(sdk(fake.accountSid, 'wrong').messages.create({ to: '+61412345678', from: '+61400000000', body: 'Hi' })).rejects.toMatchObject({
      status: 401,
      code: 20003,
    });
    expect(fake.messages.length).toBe(before);
  });

  it('refuses a send without To, Body, or a sender with 400 and the codes Twilio documents', async () => {
    const before = fake.messages.length;
    const refusals: [Record<string, string>, number][] = [
      [{ From: '+61400000000', Body: 'Hi' }, 21604],
      [{ To: '+61412345678', From: '+61400000000' }, 21602],
      [{ To: '+61412345678', Body: 'Hi' }, 21603],
    ];
    for (const [form, code] of refusals) {
      const answer = await post(form);
      expect(answer.status).toBe(400);
      const error = (await answer.json()) as Record<string, unknown>;
      expect(Object.keys(error).sort()).toEqual(['code', 'message', 'more_info', 'status']);
      expect(error).toMatchObject({ code, status: 400, more_info: `https://www.twilio.com/docs/errors/${code}` });
      expect(error.message).toEqual(expect.any(String));
    }
    expect(fake.messages.length).toBe(before);
  });

  it('gives the next sends the answers it was told to, in order, then accepts again', async () => {
    const before = fake.messages.length;
    fake.failNext({ status: 429, code: 20429, message: 'Too Many Requests' }, { status: 503 });
    const form = { To: '+61412345678', From: '+61400000000', Body: 'Hi' };
    const first = await post(form);
    expect(first.status).toBe(429);
    expect(await first.json()).toMatchObject({ code: 20429, message: 'Too Many Requests', status: 429 });
    const second = await post(form);
    expect(second.status).toBe(503);
    expect(await second.json()).toMatchObject({ status: 503 });
    expect(fake.messages.length).toBe(before);
    expect((await post(form)).status).toBe(201);
    expect(fake.messages.length).toBe(before + 1);
  });
});

describe("the fake Twilio's callbacks", () => {
  async function sent(form: Record<string, string> = {}) {
    const answer = await post({
      To: '+61412345678',
      From: '+61400000000',
      Body: 'Hi',
      StatusCallback: `${receiverBase}/api/webhooks/twilio/status?sms=7`,
      ...form,
    });
    return ((await answer.json()) as { sid: string }).sid;
  }

  it('posts a status callback, form-encoded, that the twilio package accepts as signed with the auth token', async () => {
    const sid = await sent();
    const answer = await fake.callback(sid, 'undelivered', { ErrorCode: '30003' });
    expect(answer.status).toBe(200);
    const [callback] = received;
    expect(callback!.url).toBe(`${receiverBase}/api/webhooks/twilio/status?sms=7`);
    expect(callback!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(callback!.params).toMatchObject({
      AccountSid: fake.accountSid,
      ApiVersion: '2010-04-01',
      ErrorCode: '30003',
      From: '+61400000000',
      MessageSid: sid,
      MessageStatus: 'undelivered',
      SmsSid: sid,
      SmsStatus: 'undelivered',
      To: '+61412345678',
    });
    expect(twilio.validateRequest(fake.authToken, callback!.signature!, callback!.url, callback!.params)).toBe(true);
    // The signature covers the parameters and the token: a changed one is refused.
    expect(twilio.validateRequest(fake.authToken, callback!.signature!, callback!.url, { ...callback!.params, MessageStatus: 'delivered' })).toBe(false);
    expect(twilio.validateRequest(fake.apiKeySecret, callback!.signature!, callback!.url, callback!.params)).toBe(false);
  });

  it('reports a delivery as its callbacks, in order, each signed', async () => {
    const sid = await sent();
    await fake.deliver(sid);
    const statuses = received.map((r) => r.params.MessageStatus);
    expect(statuses.at(-1)).toBe('delivered');
    expect(statuses).toContain('sent');
    expect(statuses.indexOf('sent')).toBeLessThan(statuses.indexOf('delivered'));
    for (const r of received) {
      expect(r.params.MessageSid).toBe(sid);
      expect(twilio.validateRequest(fake.authToken, r.signature!, r.url, r.params)).toBe(true);
    }
  });

  it('posts an incoming message, with its opt-out type, signed the same way', async () => {
    const url = `${receiverBase}/api/webhooks/twilio/inbound`;
    expect((await fake.inbound(url, { from: '+61412345678', to: '+61400000000', body: 'Stop', optOutType: 'STOP' })).status).toBe(200);
    expect((await fake.inbound(url, { from: '+61412345678', to: '+61400000000', body: 'Merci, c’était très bien ✨' })).status).toBe(200);
    const [stop, reply] = received;
    expect(stop!.params).toMatchObject({
      AccountSid: fake.accountSid,
      From: '+61412345678',
      To: '+61400000000',
      Body: 'Stop',
      OptOutType: 'STOP',
      NumMedia: '0',
    });
    expect(stop!.params.MessageSid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(reply!.params.Body).toBe('Merci, c’était très bien ✨');
    expect(reply!.params).not.toHaveProperty('OptOutType');
    for (const r of [stop!, reply!]) {
      expect(r.url).toBe(url);
      expect(twilio.validateRequest(fake.authToken, r.signature!, r.url, r.params)).toBe(true);
    }
  });
});

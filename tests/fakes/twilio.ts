import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

// A fake Twilio for the tests (issue 29), speaking the Messages resource of Twilio's REST API
// 2010-04-01 as its published description and INTEGRATIONS.md ("Twilio") give it: a form-encoded POST
// to /2010-04-01/Accounts/{AccountSid}/Messages.json under HTTP Basic auth (Account SID and auth
// token, or an API key's SID and secret), answered 201 with the message as JSON (sid "SM" and 32 hex
// digits, status "queued", or "accepted" through a Messaging Service; num_segments as a string;
// error_code and error_message null; date_created in RFC 2822), and errors as JSON {code, message,
// more_info, status}. Its status and incoming-message callbacks are form bodies signed with the
// `twilio` package's own getExpectedTwilioSignature, never with the product's code.

export interface FakeMessage {
  sid: string;
  dateCreated: string;
  status: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
}

interface ForcedAnswer {
  status: number;
  code?: number;
  message?: string;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeTwilio() {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const apiKeySid = `SK${hex(16)}`;
  const apiKeySecret = hex(16);
  const messages: FakeMessage[] = [];
  const forced: ForcedAnswer[] = [];
  /** How long an accepted send waits before its answer: a slow Twilio, where a caller can end mid-call. */
  let answerDelayMs = 0;

  const answer = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, code: number, message: string) =>
    answer(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const resource = (message: FakeMessage) => ({
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: message.body,
    date_created: message.dateCreated,
    date_sent: null,
    date_updated: message.dateCreated,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: message.from ?? null,
    messaging_service_sid: message.messagingServiceSid ?? null,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: message.sid,
    status: message.status,
    subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` },
    to: message.to,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
  });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname !== `/2010-04-01/Accounts/${accountSid}/Messages.json` || (request.method !== 'POST' && request.method !== 'GET')) {
      return error(response, 404, 20404, 'The requested resource was not found');
    }
    const [user, password] = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    const authorised = (user === accountSid && password === authToken) || (user === apiKeySid && password === apiKeySecret);
    if (!authorised) return error(response, 401, 20003, 'Authenticate');
    if (request.method === 'GET') {
      // The list, newest first, filtered by To as Twilio's list resource is.
      const to = url.searchParams.get('To');
      const pageSize = Number(url.searchParams.get('PageSize') ?? 50);
      const listed = messages
        .filter((m) => !to || m.to === to)
        .reverse()
        .slice(0, pageSize);
      return answer(response, 200, {
        messages: listed.map(resource),
        page: 0,
        page_size: pageSize,
        first_page_uri: url.pathname,
        next_page_uri: null,
        uri: url.pathname,
      });
    }
    const form = await readForm(request);
    const to = form.get('To');
    const body = form.get('Body');
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    if (!to) return error(response, 400, 21604, "A 'To' phone number is required.");
    if (!body) return error(response, 400, 21602, 'Message body is required.');
    if (!from && !service) return error(response, 400, 21603, "A 'From' phone number is required.");
    const next = forced.shift();
    if (next) return error(response, next.status, next.code ?? next.status, next.message ?? `HTTP ${next.status}`);
    const message: FakeMessage = {
      sid: `SM${hex(16)}`,
      dateCreated: new Date().toUTCString().replace('GMT', '+0000'),
      status: service ? 'accepted' : 'queued',
      to,
      from,
      messagingServiceSid: service,
      body,
      statusCallback: form.get('StatusCallback'),
    };
    messages.push(message);
    if (answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
    if (!response.destroyed) answer(response, 201, resource(message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Posts a form to `url` signed as Twilio signs it, with the account's auth token. */
  const signedPost = (url: string, params: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, params),
        'user-agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(params),
    });

  const callback = (sid: string, status: string, extra: Record<string, string> = {}) => {
    const message = messages.find((m) => m.sid === sid);
    if (!message?.statusCallback) throw new Error(`No status callback for ${sid}`);
    return signedPost(message.statusCallback, {
      AccountSid: accountSid,
      ApiVersion: '2010-04-01',
      From: message.from ?? '',
      MessageSid: sid,
      MessageStatus: status,
      SmsSid: sid,
      SmsStatus: status,
      To: message.to,
      ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
      ...extra,
    });
  };

  return {
    apiBase,
    accountSid,
    authToken,
    apiKeySid,
    apiKeySecret,
    /** Every message the fake accepted, in order. */
    messages,
    /** The next sends get these answers, in order, before the fake accepts again. */
    failNext: (...answers: ForcedAnswer[]) => void forced.push(...answers),
    /** Accepted sends answer after this long (0: at once). */
    slowAnswers: (ms: number) => {
      answerDelayMs = ms;
    },
    callback,
    /** Reports a message as Twilio does on its way: sent, then delivered. */
    deliver: async (sid: string) => {
      for (const status of ['sent', 'delivered']) {
        const posted = await callback(sid, status);
        if (!posted.ok) throw new Error(`The status callback answered ${posted.status}`);
      }
    },
    /** A customer's reply to the number, to the incoming-message webhook at `url`. */
    inbound: (url: string, message: { from: string; to: string; body: string; optOutType?: string }) =>
      signedPost(url, {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        Body: message.body,
        From: message.from,
        MessageSid: `SM${hex(16)}`,
        NumMedia: '0',
        NumSegments: '1',
        SmsMessageSid: `SM${hex(16)}`,
        SmsStatus: 'received',
        To: message.to,
        ...(message.optOutType ? { OptOutType: message.optOutType } : {}),
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../fakes/twilio.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { officeWithTeamAndTemplate } from '../helpers/office.ts';
import { until } from '../helpers/until.ts';
import { contactBody } from '../fixtures/highlevel-request.ts';

// Issue 29, part 1: review requests by text message, against a fake Twilio that speaks Twilio's
// published API and signs its callbacks with Twilio's own library.

type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

let twilio: FakeTwilio;
let app: TestApp;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  app = await startApp({ DEFAULT_PLAN: 'team', TWILIO_API_BASE: twilio.apiBase });
});
afterAll(async () => {
  await app?.close();
  await twilio?.stop();
});

const MOBILE = '+61412345678';

/** A workspace texting through the fake, with no quiet hours unless a test sets them. */
async function textingOffice() {
  const office = await officeWithTeamAndTemplate(app);
  const saved = await office.client.request('PUT', '/api/admin/sms', {
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    from: '+61400000000',
  });
  expect(saved.status, saved.text).toBe(200);
  for (const [key, value] of [
    ['sms_quiet_start', '00:00'],
    ['sms_quiet_end', '00:00'],
  ]) {
    expect((await office.client.request('PUT', `/api/settings/${key}`, { value })).status).toBe(200);
  }
  const logText = (phone: string, extra: Record<string, unknown> = {}) =>
    office.client.post('/api/review-requests', {
      staffFirstName: 'Tom',
      staffEmail: 'tom@harbourside.example',
      teamId: office.teamId,
      templateId: office.templateId,
      firstName: 'Sam',
      lastName: 'Lee',
      phone,
      channel: 'sms',
      ...extra,
    });
  const requestItem = async (id: number) => {
    const list = (await office.client.get('/api/admin/review-requests')).json as {
      campaignId: number;
      smsStatus: string | null;
      channel: string;
      phone: string | null;
    }[];
    return list.find((item) => item.campaignId === id)!;
  };
  const sentTo = (phone: string) => twilio.messages.filter((message) => message.to === phone);
  return { ...office, logText, requestItem, sentTo };
}

describe('review requests by text message', () => {
  it('keeps the account without ever showing a secret, and sends one text whose status moves to delivered through signed callbacks', async () => {
    const office = await textingOffice();
    const shown = await office.client.get('/api/admin/sms');
    expect(shown.json).toEqual({ configured: true, accountSid: twilio.accountSid, sender: '+61400000000', lastError: null });
    expect(shown.text).not.toContain(twilio.authToken);

    const logged = await office.logText('0412 345 678');
    expect(logged.status, logged.text).toBe(201);
    expect(logged.json).toMatchObject({ request: { channel: 'sms', phone: MOBILE, customerEmail: '', smsStatus: 'pending' } });
    const id = (logged.json as { request: { id: number } }).request.id;

    const sent = await until(
      async () => office.sentTo(MOBILE),
      (messages) => messages.length > 0,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('/r/');
    expect(sent[0]!.body).toContain('Sam');

    await twilio.deliver(sent[0]!.sid);
    expect(
      (
        await until(
          () => office.requestItem(id),
          (item) => item.smsStatus === 'delivered',
        )
      ).smsStatus,
    ).toBe('delivered');
    // A late "sent" never moves it back.
    await twilio.callback(sent[0]!.sid, 'sent');
    expect((await office.requestItem(id)).smsStatus).toBe('delivered');
    expect(office.sentTo(MOBILE)).toHaveLength(1);
  });

  it("matches a CRM review carrying the customer's phone to the text request, where the name alone could not", async () => {
    const office = await textingOffice();
    const texted = await office.logText('0412 777 888');
    expect(texted.status, texted.text).toBe(201);
    // Another Sam Lee asked by email the same day: by name the two are a coin toss.
    const emailed = await office.client.post('/api/review-requests', {
      staffFirstName: 'Ana',
      staffEmail: 'ana@harbourside.example',
      teamId: office.teamId,
      templateId: office.templateId,
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam.lee@example.com',
      channel: 'email',
    });
    expect(emailed.status, emailed.text).toBe(201);
    const webhook = ((await office.client.get('/api/admin/crm-webhook')).json as { url: string }).url;
    // The captured HighLevel Webhook body: the contact's data at the top level, the review in custom values.
    const delivered = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        contactBody({
          contact_id: 'c-1',
          first_name: 'Sam',
          last_name: 'Lee',
          full_name: 'Sam Lee',
          phone: '+61412777888',
          customData: { rating: 5, review_id: 'hl-phone-1' },
        }),
      ),
    });
    expect(delivered.status).toBe(201);
    const reviewId = ((await delivered.json()) as { id: number }).id;
    const item = await office.requestItem((texted.json as { request: { id: number } }).request.id);
    expect(item).toMatchObject({ matchedReviewId: reviewId, matchStatus: 'auto_matched', matchConfidence: 100 });
  });

  it('asks a HighLevel contact by text when it has a mobile number and no email, once; with both, the default channel', async () => {
    const office = await textingOffice();
    const intake = ((await office.client.get('/api/admin/crm-webhook/requests')).json as { url: string }).url;
    expect((await office.client.request('PUT', '/api/admin/crm-webhook/requests', { defaultTeamId: office.teamId })).status).toBe(200);
    // The captured HighLevel Webhook body (the contact at the top level), another contact, an assigned user.
    const contact = (extra: Record<string, unknown>) =>
      fetch(intake, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          contactBody({
            first_name: 'Rosa',
            last_name: 'Diaz',
            full_name: 'Rosa Diaz',
            email: '',
            user: { firstName: 'Jess', email: 'jess@clinic.test' },
            ...extra,
          }),
        ),
      });
    const texted = await contact({ contact_id: 'c-text', phone: '0412 555 010' });
    expect(texted.status).toBe(201);
    const answer = (await texted.json()) as { id: number; channel: string };
    expect(answer.channel).toBe('sms');
    expect((await office.requestItem(answer.id)).phone).toBe('+61412555010');
    const sent = await until(
      async () => office.sentTo('+61412555010'),
      (messages) => messages.length > 0,
    );
    expect(sent).toHaveLength(1);
    // The same delivery again is the same request: no second text.
    expect((await contact({ contact_id: 'c-text', phone: '0412 555 010' })).status).toBe(200);

    // With an email too, the workspace's default channel (email here) decides.
    const both = await contact({ contact_id: 'c-both', phone: '0412 555 011', email: 'rosa@example.com' });
    expect(both.status).toBe(201);
    expect(await office.requestItem(((await both.json()) as { id: number }).id)).toMatchObject({ channel: 'email', phone: null });
    // A landline and no email cannot be asked.
    const landline = await contact({ contact_id: 'c-landline', phone: '02 9374 4000' });
    expect(landline.status).toBe(422);
    expect(((await landline.json()) as { message: string }).message).toBe('Customer email is required');
    expect(office.sentTo('+61412555010')).toHaveLength(1);
  });

  it('sends once after Twilio answers 429 then 201', async () => {
    const office = await textingOffice();
    const phone = '+61412000429';
    twilio.failNext({ status: 429, code: 20429, message: 'Too Many Requests' });
    const logged = await office.logText(phone);
    expect(logged.status, logged.text).toBe(201);
    const sent = await until(
      async () => office.sentTo(phone),
      (messages) => messages.length > 0,
    );
    expect(sent).toHaveLength(1);
    const id = (logged.json as { request: { id: number } }).request.id;
    expect(
      (
        await until(
          () => office.requestItem(id),
          (item) => item.smsStatus === 'queued',
        )
      ).smsStatus,
    ).toBe('queued');
    expect(office.sentTo(phone)).toHaveLength(1);
  });

  it('marks a number Twilio reports unsubscribed (21610) as opted out: the next request is refused on phone', async () => {
    const office = await textingOffice();
    const phone = '+61412021610';
    twilio.failNext({ status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    const logged = await office.logText(phone);
    expect(logged.status).toBe(201);
    const id = (logged.json as { request: { id: number } }).request.id;
    expect(
      (
        await until(
          () => office.requestItem(id),
          (item) => item.smsStatus === 'refused',
        )
      ).smsStatus,
    ).toBe('refused');
    const again = await office.logText(phone);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ field: 'phone' });
    expect(office.sentTo(phone)).toHaveLength(0);
  });

  it('honours STOP by text, and START again; a forged message or callback changes nothing', async () => {
    const office = await textingOffice();
    const phone = '+61412000777';
    const inbound = `${app.url}/api/webhooks/twilio/inbound`;
    expect((await twilio.inbound(inbound, { from: phone, to: '+61400000000', body: ' stop ' })).status).toBe(200);
    const refused = await office.logText(phone);
    expect(refused.status).toBe(409);
    expect((refused.json as { message: string }).message).toMatch(/opted out/);

    const forged = await fetch(inbound, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
      body: new URLSearchParams({ AccountSid: twilio.accountSid, From: phone, To: '+61400000000', Body: 'START' }),
    });
    expect(forged.status).toBe(403);
    expect((await office.logText(phone)).status).toBe(409);

    expect((await twilio.inbound(inbound, { from: phone, to: '+61400000000', body: 'START' })).status).toBe(200);
    const allowed = await office.logText(phone);
    expect(allowed.status, allowed.text).toBe(201);
    const sent = await until(
      async () => office.sentTo(phone),
      (messages) => messages.length > 0,
    );
    const id = (allowed.json as { request: { id: number } }).request.id;
    await until(
      () => office.requestItem(id),
      (item) => item.smsStatus === 'queued',
    );

    const forgedStatus = await fetch(`${app.url}/api/webhooks/twilio/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ AccountSid: twilio.accountSid, MessageSid: sent[0]!.sid, MessageStatus: 'failed' }),
    });
    expect(forgedStatus.status).toBe(403);
    expect((await office.requestItem(id)).smsStatus).toBe('queued');
  });

  it('lists texts in the outbox with why one failed, and sends a refused one again once', async () => {
    const office = await textingOffice();
    const phone = '+61412021211';
    twilio.failNext({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const logged = await office.logText(phone);
    const id = (logged.json as { request: { id: number } }).request.id;
    await until(
      () => office.requestItem(id),
      (item) => item.smsStatus === 'refused',
    );
    const texts = (await office.client.get('/api/admin/outbox/texts')).json as { id: number; to: string; status: string; error: string }[];
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: phone, status: 'refused', error: expect.stringContaining('21211') });

    const resent = await office.client.post(`/api/admin/outbox/texts/${texts[0]!.id}/resend`);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.json).toMatchObject({ status: 'pending', error: null });
    await until(
      () => office.requestItem(id),
      (item) => item.smsStatus === 'queued',
    );
    expect(office.sentTo(phone)).toHaveLength(1);
    // On its way now: not sent a second time.
    expect((await office.client.post(`/api/admin/outbox/texts/${texts[0]!.id}/resend`)).status).toBe(409);
    const stranger = await textingOffice();
    expect((await stranger.client.post(`/api/admin/outbox/texts/${texts[0]!.id}/resend`)).status).toBe(404);
  });

  it('holds a text logged in quiet hours and says when it goes', async () => {
    const office = await textingOffice();
    // Quiet hours around now, in the workspace's time zone.
    const zone = 'Australia/Sydney';
    const local = (date: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
    const hour = 3_600_000;
    await office.client.request('PUT', '/api/settings/timezone', { value: zone });
    await office.client.request('PUT', '/api/settings/sms_quiet_start', { value: local(new Date(Date.now() - hour)) });
    await office.client.request('PUT', '/api/settings/sms_quiet_end', { value: local(new Date(Date.now() + hour)) });
    const phone = '+61412000888';
    const logged = await office.logText(phone);
    expect(logged.status, logged.text).toBe(201);
    const answer = (logged.json as { request: { smsStatus: string; smsScheduledFor: string } }).request;
    expect(answer.smsStatus).toBe('waiting');
    const due = new Date(answer.smsScheduledFor).getTime();
    expect(Math.abs(due - (Date.now() + hour))).toBeLessThan(2 * 60_000);
    expect(local(new Date(due))).toBe(local(new Date(Date.now() + hour)));
    expect(office.sentTo(phone)).toHaveLength(0);
  });

  it('refuses clearly: no account, a landline or nonsense, a text without a number, an email request without email', async () => {
    const office = await officeWithTeamAndTemplate(app);
    const base = {
      staffFirstName: 'Tom',
      staffEmail: 'tom@harbourside.example',
      teamId: office.teamId,
      templateId: office.templateId,
      firstName: 'Sam',
      lastName: 'Lee',
    };
    const noAccount = await office.client.post('/api/review-requests', { ...base, channel: 'sms', phone: MOBILE });
    expect([noAccount.status, (noAccount.json as { field: string }).field]).toEqual([400, 'channel']);
    const noEmail = await office.client.post('/api/review-requests', { ...base, channel: 'email' });
    expect([noEmail.status, (noEmail.json as { field: string }).field]).toEqual([400, 'email']);
    const badChannel = await office.client.post('/api/review-requests', { ...base, channel: 'pigeon', email: 'sam@example.test' });
    expect(badChannel.status).toBe(400);
    await office.client.request('PUT', '/api/admin/sms', { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+61400000000' });
    for (const phone of ['', 'call me', '02 9999 9999']) {
      const refused = await office.client.post('/api/review-requests', { ...base, channel: 'sms', phone });
      expect([refused.status, (refused.json as { field: string }).field], phone).toEqual([400, 'phone']);
    }
    const badAccount = await office.client.request('PUT', '/api/admin/sms', { accountSid: 'AC123', authToken: 'x' });
    expect(badAccount.status).toBe(400);
    expect((badAccount.json as { field: string }).field).toBe('accountSid');
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurePage } from '../../scripts/lib/page-weight.ts';
import { emailOutbox, privateFeedback, reviewRequests, teams, workspaces } from '#platform/db/schema.ts';
import { LIVE_CHANNEL } from '#platform/live/publish.ts';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '../fakes/smtp-sink.ts';
import { signUp, signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { databaseKind } from '../helpers/database.ts';
import { noticeWithoutId } from '../helpers/notices.ts';
import { officeWithTeamAndTemplate } from '../helpers/office.ts';

let sink: SmtpSink;
let app: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp({ SMTP_URL: sink.url, MAIL_FROM: 'reviews@example.test', DEFAULT_PLAN: 'team' });
});
afterAll(async () => {
  await app?.close();
  await sink?.stop();
});

/** A paid workspace signed in as admin, with a team "Front Desk" and one template. */
const workspaceWithTeamAndTemplate = (businessName = 'Harbourside Dental') =>
  officeWithTeamAndTemplate(app, {
    businessName,
    template: {
      htmlContent: '<p>Hi {firstName},</p><p>Thanks for visiting {companyName}. {staffFirstName}</p>',
      phoneScript: 'Hi {firstName}...',
    },
  });

function requestBody(teamId: number | string, templateId: number | string, overrides: Record<string, unknown> = {}) {
  return {
    staffFirstName: 'Tom',
    staffEmail: 'tom@harbourside.example',
    teamId,
    email: `sarah.${Math.random().toString(36).slice(2)}@example.test`,
    firstName: 'Sarah',
    lastName: 'Kim',
    templateId,
    customEmailSubject: '',
    customEmailContent: '',
    ...overrides,
  };
}

const tokenOf = (message: SinkMessage) => /\/r\/([A-Za-z0-9_-]+)/.exec(message.mail.text ?? '')?.[1] ?? '';
const toAddress = (message: SinkMessage) => message.envelope.to[0];
const publicClient = () => new Client(app.url, { origin: app.url });

async function requestRow(id: number) {
  const [row] = await app.database.db.select().from(reviewRequests).where(eq(reviewRequests.id, id));
  return row!;
}

describe('who may call', () => {
  it('answers 401 without a session, 403 to staff on the admin endpoints', async () => {
    const anonymous = publicClient();
    expect((await anonymous.post('/api/review-requests', {})).status).toBe(401);
    expect((await anonymous.get('/api/admin/outbox')).status).toBe(401);
    expect((await anonymous.get('/api/admin/feedback')).status).toBe(401);
    expect((await anonymous.post('/api/admin/outbox/1/resend')).status).toBe(401);
    const { client } = await signUp(app);
    for (const res of [await client.get('/api/admin/outbox'), await client.get('/api/admin/feedback'), await client.post('/api/admin/outbox/1/resend')]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: 'Admin access required' });
    }
  });
});

describe('POST /api/review-requests validation', () => {
  it.each([
    ['staffFirstName', '', 'Staff first name is required'],
    ['staffFirstName', undefined, 'Staff first name is required'],
    ['staffEmail', '', 'Staff email is required'],
    ['staffEmail', 'tom-at-example', 'Please enter a valid email address'],
    ['teamId', '', 'Team selection is required'],
    ['teamId', 'abc', 'Team selection is required'],
    ['email', '  ', 'Customer email is required'],
    ['email', 'sarah@', 'Please enter a valid email address'],
    ['firstName', '', 'Customer first name is required'],
    ['lastName', '', 'Customer last name is required'],
    ['templateId', '', 'Template selection is required'],
    ['templateId', 0, 'Template selection is required'],
  ])('%s = %j -> "%s"', async (field, value, message) => {
    const { client, teamId, templateId } = await workspaceWithTeamAndTemplate();
    const res = await client.post('/api/review-requests', requestBody(teamId, templateId, { [field]: value }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field });
  });

  it('answers 4xx, never 500, to malformed bodies and values', async () => {
    const { client, teamId, templateId } = await workspaceWithTeamAndTemplate();
    const raw = (text: string) => client.request('POST', '/api/review-requests', undefined, { raw: text });
    for (const res of [
      await raw('{not json'),
      await raw('[]'),
      await raw('"text"'),
      await client.post('/api/review-requests', requestBody({ id: 1 } as never, templateId)),
      await client.post('/api/review-requests', requestBody(teamId, 99_999_999_999)),
      await client.post('/api/review-requests', requestBody(teamId, templateId, { firstName: ['Sarah'] })),
      await client.post('/api/review-requests', requestBody(teamId, templateId, { customEmailSubject: 5 })),
      await client.post('/api/review-requests', requestBody(teamId, templateId, { customEmailSubject: 'x'.repeat(201) })),
      await client.post('/api/review-requests', requestBody(teamId, templateId, { customEmailContent: 'x'.repeat(100_001) })),
      await client.post('/api/review-requests', requestBody(teamId, templateId, { firstName: 'x'.repeat(101) })),
    ]) {
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
  });

  it('refuses the free plan with 403 and stores nothing', async () => {
    const { client, teamId, templateId, workspaceId } = await workspaceWithTeamAndTemplate();
    await app.database.db.update(workspaces).set({ plan: 'free' }).where(eq(workspaces.id, workspaceId));
    const res = await client.post('/api/review-requests', requestBody(teamId, templateId));
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: 'Your plan does not include logging review requests. Please upgrade.' });
    expect(await app.database.db.select().from(reviewRequests).where(eq(reviewRequests.workspaceId, workspaceId))).toEqual([]);
  });

  it("refuses the Unknown team and another workspace's team or template", async () => {
    const mine = await workspaceWithTeamAndTemplate();
    const other = await workspaceWithTeamAndTemplate();
    const [unknown] = await app.database.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.workspaceId, mine.workspaceId), eq(teams.name, 'Unknown')));
    for (const [teamId, templateId, expected] of [
      [unknown!.id, mine.templateId, { message: 'Team selection is required', field: 'teamId' }],
      [other.teamId, mine.templateId, { message: 'Team selection is required', field: 'teamId' }],
      [mine.teamId, other.templateId, { message: 'Template selection is required', field: 'templateId' }],
    ] as const) {
      const res = await mine.client.post('/api/review-requests', requestBody(teamId, templateId));
      expect(res.status).toBe(400);
      expect(res.json).toEqual(expected);
    }
    expect(await app.database.db.select().from(reviewRequests).where(eq(reviewRequests.workspaceId, mine.workspaceId))).toEqual([]);
  });
});

describe('logging a request sends a real email', () => {
  it('answers 201 with the request, announces it, and the message arrives complete at the SMTP server', async () => {
    const { client, teamId, templateId, workspaceId } = await workspaceWithTeamAndTemplate();
    const body = requestBody(String(teamId), String(templateId), {
      customEmailSubject: 'A quick favour, Sarah?',
      customEmailContent:
        '<p>Hi Sarah,</p><p>Thanks for coming in. See <a href="https://harbourside.example/care">aftercare</a>.</p><ol><li data-list="bullet">Brush</li><li data-list="bullet">Floss</li></ol>',
    });
    const seen: { workspaceId: number; event: string }[] = [];
    const stop = await app.database.listen(LIVE_CHANNEL, (payload) => seen.push(noticeWithoutId(payload)));
    const res = await client.post('/api/review-requests', body);
    await new Promise((r) => setTimeout(r, 150));
    await stop();

    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      message: 'Review request logged successfully',
      request: {
        id: expect.any(Number),
        campaignId: res.json.request.id,
        inviteId: res.json.request.id,
        customerName: 'Sarah Kim',
        customerEmail: body.email,
        staffFirstName: 'Tom',
        teamId,
        teamName: 'Front Desk',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        channel: 'email',
        emailStatus: 'sent',
      },
    });
    expect(seen).toContainEqual({ workspaceId, event: 'data_update' });

    const message = await sink.waitForMessage((m) => toAddress(m) === body.email);
    const { mail } = message;
    expect(message.envelope.from).toBe('reviews@example.test');
    expect(mail.subject).toBe('A quick favour, Sarah?');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Harbourside Dental', address: 'reviews@example.test' });
    expect(mail.replyTo?.value[0]?.address).toBe('tom@harbourside.example');
    const token = tokenOf(message);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const link = `${app.url}/r/${token}`;
    expect(mail.html).toContain('<p>Hi Sarah,</p>');
    expect(mail.html).toContain('<ul><li>Brush</li><li>Floss</li></ul>');
    expect(mail.html).toMatch(new RegExp(`<a href="${link}"[^>]*>Leave a review</a>`));
    expect(mail.html).toContain('Harbourside Dental');
    expect(mail.text).toContain('Hi Sarah,\n\nThanks for coming in. See aftercare (https://harbourside.example/care).\n\n- Brush\n- Floss');
    expect(mail.text).toContain(`Leave a review: ${link}`);

    const row = await requestRow(res.json.request.id);
    expect(row).toMatchObject({ token, templateId, sentAt: expect.any(Date), clickedAt: null });

    const outbox = (await client.get('/api/admin/outbox')).json;
    expect(outbox).toEqual([
      {
        id: expect.any(Number),
        requestId: res.json.request.id,
        to: body.email,
        subject: 'A quick favour, Sarah?',
        status: 'sent',
        error: null,
        attempts: 1,
        createdAt: expect.any(String),
        sentAt: expect.any(String),
      },
    ]);
  });

  it('fills the subject and body from the template when they are left empty', async () => {
    const { client, teamId, templateId } = await workspaceWithTeamAndTemplate();
    const body = requestBody(teamId, templateId);
    expect((await client.post('/api/review-requests', body)).status).toBe(201);
    const { mail } = await sink.waitForMessage((m) => toAddress(m) === body.email);
    expect(mail.subject).toBe('How did we do, Sarah?');
    expect(mail.html).toContain('<p>Hi Sarah,</p><p>Thanks for visiting Harbourside Dental. Tom</p>');
  });

  it('sanitises the edited body before storing and sending it', async () => {
    const { client, teamId, templateId } = await workspaceWithTeamAndTemplate();
    const body = requestBody(teamId, templateId, {
      customEmailContent:
        '<p onmouseover="steal()">Hello<script>alert(1)</script><img src="x" onerror="alert(1)"> <a href="javascript:alert(1)">click</a> <iframe src="https://evil.test"></iframe></p>',
    });
    const res = await client.post('/api/review-requests', body);
    expect(res.status).toBe(201);
    const { mail } = await sink.waitForMessage((m) => toAddress(m) === body.email);
    expect(mail.html).toContain('<p>Hello <a>click</a> </p>');
    for (const bad of [/<script/i, /onerror/i, /onmouseover/i, /javascript:/i, /<iframe/i, /<img/i]) {
      expect(mail.html).not.toMatch(bad);
      expect((await requestRow(res.json.request.id)).emailHtml).not.toMatch(bad);
    }
  });
});

describe('the tracked review link', () => {
  async function loggedRequest(businessName = 'Harbourside Dental') {
    const setup = await workspaceWithTeamAndTemplate(businessName);
    const body = requestBody(setup.teamId, setup.templateId);
    const res = await setup.client.post('/api/review-requests', body);
    const token = tokenOf(await sink.waitForMessage((m) => toAddress(m) === body.email));
    return { ...setup, requestId: res.json.request.id as number, token };
  }

  it("shows the business and both choices side by side; a GET is no open, the page's report is, and the first one is kept", async () => {
    const { client, token, requestId } = await loggedRequest('Harbourside <Dental>');
    expect((await client.request('PUT', '/api/settings/google_review_link', { value: 'https://g.page/r/harbourside/review' })).status).toBe(200);

    const visitor = publicClient();
    const first = await visitor.get(`/r/${token}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    expect(first.text).toContain('Harbourside &lt;Dental&gt;');
    expect(first.text).toMatch(/<a href="https:\/\/g\.page\/r\/harbourside\/review"[^>]*>\s*Leave a Google review\s*<\/a>/);
    expect(first.text).toContain('Send private feedback');
    expect(first.text).toContain('PrivateFeedbackForm');
    // A mail scanner fetches the link, maybe twice: no open.
    expect((await visitor.get(`/r/${token}`)).status).toBe(200);
    expect((await visitor.request('HEAD', `/r/${token}`)).status).toBe(200);
    expect((await requestRow(requestId)).clickedAt).toBeNull();

    // The page, running in the customer's browser, reports the open.
    expect((await visitor.post(`/api/review-link/${token}/open`)).status).toBe(204);
    const clickedAt = (await requestRow(requestId)).clickedAt;
    expect(clickedAt).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 20));
    expect((await visitor.post(`/api/review-link/${token}/open`)).status).toBe(204);
    expect((await requestRow(requestId)).clickedAt!.getTime()).toBe(clickedAt!.getTime());
    expect((await visitor.post('/api/review-link/not-a-real-token-at-all-0123456789/open')).status).toBe(404);
  });

  it('counts sending private feedback as an open', async () => {
    const { token, requestId } = await loggedRequest();
    expect((await publicClient().post(`/api/review-link/${token}/feedback`, { message: 'Lovely staff, long wait.' })).status).toBe(201);
    expect((await requestRow(requestId)).clickedAt).toBeInstanceOf(Date);
  });

  it('offers the feedback form and a polite note when no Google review link is set', async () => {
    const { token } = await loggedRequest();
    const page = await publicClient().get(`/r/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Leave a Google review');
    expect(page.text).toContain('Our Google review page is not available just yet');
    expect(page.text).toContain('Send private feedback');
  });

  it('does not move the dashboard when clicked', async () => {
    const { token } = await loggedRequest();
    let seen = 0;
    const stop = await app.database.listen(LIVE_CHANNEL, () => (seen += 1));
    await publicClient().get(`/r/${token}`);
    await new Promise((r) => setTimeout(r, 150));
    await stop();
    expect(seen).toBe(0);
  });

  it('answers an unknown token with a clear 404 page, also for a signed-in visitor', async () => {
    for (const path of ['/r/not-a-real-token-at-all-0123456789', '/r/x', '/r/%3Cscript%3E']) {
      const res = await publicClient().get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('This review link is not valid');
    }
    const { client } = await signUp(app);
    const signedIn = await client.get('/r/not-a-real-token-at-all-0123456789');
    expect(signedIn.status).toBe(404);
  });

  it('stores private feedback and lists it for the admin, newest first', async () => {
    const { client, token, requestId } = await loggedRequest();
    const visitor = publicClient();
    const post = (message: unknown) => visitor.post(`/api/review-link/${token}/feedback`, { message });

    expect((await post('  ')).json).toEqual({ message: 'Please write your feedback before sending', field: 'message' });
    expect((await post('x'.repeat(5001))).status).toBe(400);
    expect((await post(42)).status).toBe(400);
    expect((await visitor.request('POST', `/api/review-link/${token}/feedback`, undefined, { raw: 'nope' })).status).toBe(400);
    expect((await visitor.post('/api/review-link/unknown-token-0123456789abcdef/feedback', { message: 'Hi' })).status).toBe(404);

    const first = await post('The wait was a bit long.');
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ message: 'Thank you! Your feedback has been sent to Harbourside Dental.' });
    await new Promise((r) => setTimeout(r, 5));
    expect((await post('But the care was great.')).status).toBe(201);

    const listed = (await client.get('/api/admin/feedback')).json;
    expect(listed).toEqual([
      { id: expect.any(Number), requestId, customerName: 'Sarah Kim', message: 'But the care was great.', createdAt: expect.any(String) },
      { id: expect.any(Number), requestId, customerName: 'Sarah Kim', message: 'The wait was a bit long.', createdAt: expect.any(String) },
    ]);
    const other = await signUpAdmin(app);
    expect((await other.client.get('/api/admin/feedback')).json).toEqual([]);

    for (let i = 0; i < 3; i++) expect((await post(`More ${i}`)).status).toBe(201);
    const tooMany = await post('Once more');
    expect(tooMany.status).toBe(429);
    const stored = await app.database.db.select().from(privateFeedback).where(eq(privateFeedback.requestId, requestId));
    expect(stored).toHaveLength(5);
  });

  it('refuses feedback posted from another site', async () => {
    const { token } = await loggedRequest();
    const res = await new Client(app.url, { origin: 'https://evil.test' }).post(`/api/review-link/${token}/feedback`, { message: 'spam' });
    expect(res.status).toBe(403);
  });

  it.runIf(databaseKind === 'pglite')('ships at most 15 KB of gzipped JavaScript', async () => {
    const { token } = await loggedRequest();
    const weight = await measurePage(app.url, `/r/${token}`);
    expect(weight.status).toBe(200);
    expect(weight.files.some((f) => f.includes('PrivateFeedbackForm'))).toBe(true);
    expect(weight.js).toBeLessThanOrEqual(15 * 1024);
  });
});

describe('when the mail server is down', () => {
  it('stores the request, says the email will be retried, and the queue delivers it once the server is back', async () => {
    const { client, teamId, templateId } = await workspaceWithTeamAndTemplate();
    const port = sink.port;
    await sink.stop();
    const body = requestBody(teamId, templateId);
    let res;
    try {
      res = await client.post('/api/review-requests', body);
      expect(res.status).toBe(201);
      expect(res.json.request).toMatchObject({ emailStatus: 'retrying', reviewLink: expect.stringContaining('/r/') });
      const [waiting] = (await client.get('/api/admin/outbox')).json;
      expect(waiting).toMatchObject({ requestId: res.json.request.id, status: 'retrying', attempts: 1, sentAt: null });
      expect(waiting.error).toMatch(/ECONNREFUSED|connect/i);
      // Nobody needs to press Resend: it is refused while the queue holds it.
      expect((await client.post(`/api/admin/outbox/${waiting.id}/resend`)).status).toBe(409);
    } finally {
      await sink.start(port);
    }
    const delivered = await sink.waitForMessage((m) => toAddress(m) === body.email, 15_000);
    const row = await requestRow(res.json.request.id);
    expect(tokenOf(delivered)).toBe(row.token);
    await expect.poll(async () => (await requestRow(row.id)).sentAt, { timeout: 5000 }).toBeInstanceOf(Date);
    const [sent] = (await client.get('/api/admin/outbox')).json;
    expect(sent).toMatchObject({ status: 'sent', error: null, sentAt: expect.any(String) });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.messages.filter((m) => toAddress(m) === body.email)).toHaveLength(1);
  });

  it('shows a permanent refusal in the outbox with its reason, and resend delivers it once the address is fixed', async () => {
    const { client, teamId, templateId, workspaceId } = await workspaceWithTeamAndTemplate();
    const body = requestBody(teamId, templateId);
    sink.refusal = { responseCode: 550, message: '5.1.1 The email account that you tried to reach does not exist' };
    let res;
    try {
      res = await client.post('/api/review-requests', body);
    } finally {
      sink.refusal = null;
    }
    expect(res.status).toBe(201);
    expect(res.json.request.emailStatus).toBe('failed');
    const row = await requestRow(res.json.request.id);
    expect(row).toMatchObject({ workspaceId, customerEmail: body.email, sentAt: null });

    const [failed] = (await client.get('/api/admin/outbox')).json;
    expect(failed).toMatchObject({ requestId: row.id, status: 'failed', attempts: 1, sentAt: null });
    expect(failed.error).toContain('5.1.1 The email account that you tried to reach does not exist');
    expect(sink.messages.some((m) => toAddress(m) === body.email)).toBe(false);

    const other = await signUpAdmin(app);
    expect((await other.client.post(`/api/admin/outbox/${failed.id}/resend`)).status).toBe(404);
    expect((await client.post('/api/admin/outbox/abc/resend')).status).toBe(404);

    const resent = await client.post(`/api/admin/outbox/${failed.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({ id: failed.id, status: 'sent', error: null, attempts: 2, sentAt: expect.any(String) });
    const delivered = await sink.waitForMessage((m) => toAddress(m) === body.email);
    expect(tokenOf(delivered)).toBe(row.token);
    expect((await requestRow(row.id)).sentAt).toBeInstanceOf(Date);

    const again = await client.post(`/api/admin/outbox/${failed.id}/resend`);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: 'This email has already been sent' });
    expect(sink.messages.filter((m) => toAddress(m) === body.email)).toHaveLength(1);
    const [outboxRow] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    expect(outboxRow!.status).toBe('sent');
  });
});

describe('unsubscribing (List-Unsubscribe, RFC 8058)', () => {
  it('sends the one-click headers, asks before unsubscribing on a GET, and never mails that customer again from the workspace', async () => {
    const setup = await workspaceWithTeamAndTemplate('Harbourside Dental');
    const body = requestBody(setup.teamId, setup.templateId);
    expect((await setup.client.post('/api/review-requests', body)).status).toBe(201);
    const message = await sink.waitForMessage((m) => toAddress(m) === body.email);
    const token = tokenOf(message);
    const unsubscribeUrl = `${app.url}/r/${token}/unsubscribe`;
    const header = (key: string) => message.mail.headerLines.find((l) => l.key === key)?.line.replace(/\r\n\s*/g, ' ');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // A person (or a scanner) opening the link is only asked.
    const page = await fetch(unsubscribeUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop review requests?');
    expect((await setup.client.post('/api/review-requests', { ...body, firstName: 'Again' })).status).toBe(201);

    // The mail program's one-click POST: no Origin, a form body.
    const oneClick = await fetch(unsubscribeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');

    const before = sink.messages.length;
    const refused = await setup.client.post('/api/review-requests', { ...body, email: body.email.toUpperCase() });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ message: 'This customer unsubscribed from your review requests, so no email can be sent to them', field: 'email' });
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.messages.length).toBe(before);

    // Another business may still ask them.
    const other = await workspaceWithTeamAndTemplate('Another Clinic');
    expect((await other.client.post('/api/review-requests', requestBody(other.teamId, other.templateId, { email: body.email }))).status).toBe(201);
    expect((await fetch(`${app.url}/r/not-a-real-token-at-all-0123456789/unsubscribe`, { method: 'POST' })).status).toBe(404);
  });
});

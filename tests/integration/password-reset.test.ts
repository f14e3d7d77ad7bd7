import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attempts, passwordResets } from '#platform/db/schema.ts';
import { hashToken } from '#platform/tokens.ts';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '../fakes/smtp-sink.ts';
import { signUp, signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';

// Issue 12, account basics: a forgotten password is reset through a link mailed to the admin email.

const SAME_ANSWER = {
  message: 'If the dashboard URL and admin email match an account, we have sent a link to reset its passwords to that email. The link works for one hour.',
};
const INVALID_LINK = { message: 'This reset link has expired or was already used. Ask for a new one.' };

let sink: SmtpSink;
let app: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp({ SMTP_URL: sink.url, MAIL_FROM: 'Review Challenge <no-reply@example.test>' });
});
afterAll(async () => {
  await app?.close();
  await sink?.stop();
});
// Every test asks from 127.0.0.1: the per-address limit has a test of its own.
beforeEach(async () => {
  await app.database.db.delete(attempts);
});

const publicClient = () => new Client(app.url, { origin: app.url });
const forgot = (body: unknown) => publicClient().post('/api/auth/forgot-password', body);
const reset = (body: unknown) => publicClient().post('/api/auth/reset-password', body);

function linkIn(message: SinkMessage): URL {
  const found = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(message.mail.text ?? '');
  if (!found) throw new Error(`No reset link in: ${message.mail.text}`);
  return new URL(found[0]);
}
const tokenOf = (message: SinkMessage) => linkIn(message).searchParams.get('token')!;
/** The mail is about this dashboard (the text names its address). */
const about = (slug: string) => (m: SinkMessage) => (m.mail.text ?? '').includes(`${app.url}/${slug})`);

/** A workspace whose owner asked for a reset link, and the mail that brought it. */
async function mailedLink(email = 'owner@acme.example') {
  const owner = await signUp(app, { email });
  const res = await forgot({ slug: owner.workspace.slug, email });
  expect(res.status).toBe(200);
  const message = await sink.waitForMessage(about(owner.workspace.slug));
  return { ...owner, message, token: tokenOf(message) };
}

/** Waits long enough for a mail that would be sent to have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 750));

describe('POST /api/auth/forgot-password', () => {
  it('mails a reset link to the admin email, based on PUBLIC_URL; the answer carries no link', async () => {
    const owner = await signUp(app, { email: 'Owner.Mixed@Acme.example', businessName: 'Harbourside Dental' });
    const res = await forgot({ slug: owner.workspace.slug, email: 'owner.mixed@acme.EXAMPLE' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(SAME_ANSWER);
    expect(res.text).not.toMatch(/token/i);

    const message = await sink.waitForMessage(about(owner.workspace.slug));
    expect(message.envelope.to).toEqual([expect.stringMatching(/^Owner\.Mixed@acme\.example$/i)]);
    expect(message.mail.subject).toBe('Reset your Review Challenge passwords');
    expect(message.envelope.from).toBe('no-reply@example.test');
    expect(message.mail.text).toContain('Harbourside Dental');
    const link = linkIn(message);
    expect(link.origin).toBe(app.url);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(message.mail.html).toContain(`href="${link.href}"`);

    // Only the token's hash is kept, with an expiry one hour out.
    const rows = await app.database.db.select().from(passwordResets).where(eq(passwordResets.workspaceId, owner.workspaceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(link.searchParams.get('token')!));
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBe(60);
  });

  it('answers the same for an unknown slug or a wrong email, and sends nothing', async () => {
    const owner = await signUp(app, { email: 'real-owner@acme.example' });
    const before = sink.messages.length;
    const unknown = await forgot({ slug: 'no-such-dashboard', email: 'real-owner@acme.example' });
    const wrongEmail = await forgot({ slug: owner.workspace.slug, email: 'someone-else@acme.example' });
    const otherEmail = await forgot({ slug: owner.workspace.slug, email: 'owner@acme.example' });
    for (const res of [unknown, wrongEmail, otherEmail]) {
      expect(res.status).toBe(200);
      expect(res.json).toEqual(SAME_ANSWER);
    }
    await settle();
    expect(sink.messages.length).toBe(before);
    expect(await app.database.db.select().from(passwordResets).where(eq(passwordResets.workspaceId, owner.workspaceId))).toEqual([]);
  });

  it('asks for missing or malformed fields with a 400 and the form messages', async () => {
    expect((await forgot({ email: 'owner@acme.example' })).json).toEqual({ message: 'Dashboard URL is required', field: 'slug' });
    expect((await forgot({ slug: 'acme' })).json).toEqual({ message: 'Valid email required', field: 'email' });
    const notEmail = await forgot({ slug: 'acme', email: 'not-an-email' });
    expect(notEmail.status).toBe(400);
    expect(notEmail.json).toEqual({ message: 'Valid email required', field: 'email' });
    const notJson = await publicClient().request('POST', '/api/auth/forgot-password', undefined, { raw: '{nope' });
    expect(notJson.status).toBe(400);
    expect((await forgot({ slug: 42, email: ['x'] })).status).toBe(400);
    expect((await forgot({ slug: 'a'.repeat(5000), email: 'owner@acme.example' })).status).toBe(400);
  });

  it('sends the owner at most 3 links an hour, still answering the same', async () => {
    const owner = await signUp(app, { email: 'busy-owner@acme.example' });
    for (let i = 0; i < 5; i++) {
      const res = await forgot({ slug: owner.workspace.slug, email: 'busy-owner@acme.example' });
      expect(res.json).toEqual(SAME_ANSWER);
    }
    await settle();
    expect(sink.messages.filter((m) => m.envelope.to.includes('busy-owner@acme.example'))).toHaveLength(3);
  });

  it('answers 429 to an address after 10 requests in an hour, whatever they name', async () => {
    for (let i = 0; i < 10; i++) expect((await forgot({ slug: `nobody-${i}`, email: 'x@example.test' })).status).toBe(200);
    const blocked = await forgot({ slug: 'nobody-else', email: 'x@example.test' });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({ message: 'Too many reset requests. Please wait an hour and try again.' });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets new passwords once; a second use of the link fails', async () => {
    const { workspace, token } = await mailedLink();
    const res = await reset({ token, staffPassword: 'new-staff-pass', adminPassword: 'new-admin-pass' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ slug: workspace.slug, message: expect.any(String) });

    const client = publicClient();
    expect((await client.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(401);
    expect((await client.post('/api/auth/login', { slug: workspace.slug, password: 'new-staff-pass' })).status).toBe(200);
    expect((await client.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(401);
    expect((await client.post('/api/auth/admin', { password: 'new-admin-pass' })).status).toBe(200);

    const again = await reset({ token, staffPassword: 'third-staff-pass' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual(INVALID_LINK);
    expect((await publicClient().post('/api/auth/login', { slug: workspace.slug, password: 'new-staff-pass' })).status).toBe(200);
  });

  it('lets exactly one of two parallel uses of a link through', async () => {
    const { workspace, token } = await mailedLink();
    const answers = await Promise.all([reset({ token, staffPassword: 'parallel-one' }), reset({ token, staffPassword: 'parallel-two' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'parallel-one' : 'parallel-two';
    expect((await publicClient().post('/api/auth/login', { slug: workspace.slug, password: winner })).status).toBe(200);
  });

  it('can change only the admin password, leaving the staff password as it was', async () => {
    const { workspace, token } = await mailedLink();
    expect((await reset({ token, adminPassword: 'only-admin-new' })).status).toBe(200);
    const client = publicClient();
    expect((await client.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    expect((await client.post('/api/auth/admin', { password: 'only-admin-new' })).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { workspace, token } = await mailedLink();
    await app.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const res = await reset({ token, staffPassword: 'new-staff-pass' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(INVALID_LINK);
    expect((await publicClient().post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
  });

  it('refuses an unknown token', async () => {
    expect((await reset({ token: 'made-up-token-made-up-token-1234', staffPassword: 'new-staff-pass' })).json).toEqual(INVALID_LINK);
    expect((await reset({ token: 'x'.repeat(200), staffPassword: 'new-staff-pass' })).status).toBe(400);
  });

  it('signs out every session that held the old staff password', async () => {
    const { client, workspace, token } = await mailedLink();
    const staff = publicClient();
    expect((await staff.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    expect((await staff.get('/api/dashboard')).status).toBe(200);
    expect((await client.get('/api/dashboard')).status).toBe(200);

    expect((await reset({ token, staffPassword: 'new-staff-pass' })).status).toBe(200);
    expect((await staff.get('/api/dashboard')).status).toBe(401);
    expect((await client.get('/api/dashboard')).status).toBe(401);
  });

  it('takes the admin right from every session when only the admin password is reset', async () => {
    const owner = await signUpAdmin(app);
    await forgot({ slug: owner.workspace.slug, email: owner.workspace.email });
    const message = await sink.waitForMessage(about(owner.workspace.slug));
    expect((await owner.client.get('/api/admin/outbox')).status).toBe(200);
    expect((await reset({ token: tokenOf(message), adminPassword: 'new-admin-pass' })).status).toBe(200);
    expect((await owner.client.get('/api/admin/outbox')).status).toBe(403);
    expect((await owner.client.get('/api/dashboard')).status).toBe(200);
  });

  it('ends the other links of the workspace once one is used', async () => {
    const first = await mailedLink('two-links@acme.example');
    await forgot({ slug: first.workspace.slug, email: 'two-links@acme.example' });
    const second = await sink.waitForMessage((m) => about(first.workspace.slug)(m) && tokenOf(m) !== first.token);
    // A newer request did not end the first link...
    expect((await reset({ token: first.token, staffPassword: 'new-staff-pass' })).status).toBe(200);
    // ...but using it ended the newer one.
    expect((await reset({ token: tokenOf(second), staffPassword: 'other-staff-pass' })).json).toEqual(INVALID_LINK);
  });

  it('checks the new passwords with the registration messages', async () => {
    const { token } = await mailedLink();
    expect((await reset({ token })).json).toEqual({ message: 'Enter a new staff password, a new admin password, or both', field: 'staffPassword' });
    expect((await reset({ token, staffPassword: '12345' })).json).toEqual({ message: 'Staff password must be at least 6 characters', field: 'staffPassword' });
    expect((await reset({ token, adminPassword: '' })).json).toEqual({ message: 'Admin password must be at least 6 characters', field: 'adminPassword' });
    expect((await reset({ staffPassword: 'new-staff-pass' })).status).toBe(400);
    expect((await reset({ token: 5, staffPassword: 'new-staff-pass' })).status).toBe(400);
    // None of that used the link up.
    expect((await reset({ token, staffPassword: 'new-staff-pass' })).status).toBe(200);
  });

  it('answers 429 to an address after 20 failed links in 15 minutes', async () => {
    for (let i = 0; i < 20; i++) expect((await reset({ token: `guess-${i}-guess-guess-guess-guess`, staffPassword: 'new-staff-pass' })).status).toBe(400);
    expect((await reset({ token: 'guess-last-guess-guess-guess-guess', staffPassword: 'new-staff-pass' })).status).toBe(429);
  });
});

describe('GET /reset-password', () => {
  it('opens for a valid link, signed out or signed in, without redirecting', async () => {
    const { client, token } = await mailedLink();
    for (const browser of [publicClient(), client]) {
      const page = await browser.get(`/reset-password?token=${encodeURIComponent(token)}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Choose new passwords');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('cache-control')).toMatch(/no-store/);
    }
  });

  it('says an expired, used or missing link has to be asked for again', async () => {
    for (const path of ['/reset-password?token=nope', '/reset-password']) {
      const page = await publicClient().get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('This reset link has expired or was already used. Ask for a new one.');
      expect(page.text).toContain('href="/forgot-password');
    }
  });

  it('/forgot-password opens signed out or signed in', async () => {
    const { client } = await signUp(app);
    for (const browser of [publicClient(), client]) {
      const page = await browser.get('/forgot-password?slug=acme');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Send reset link');
    }
  });
});

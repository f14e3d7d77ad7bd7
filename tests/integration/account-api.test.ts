import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '#platform/db/schema.ts';
import { ACCOUNT_CHANGE_SUBJECT } from '#domain/workspace/auth/account-change-email.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { signUp, signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';

// Issue 12, account basics: the admin edits the business name and admin email (PUT /api/admin/account).

let sink: SmtpSink;
let app: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await app?.close();
  await sink?.stop();
});

const put = (client: Client, body: unknown) => client.request('PUT', '/api/admin/account', body);

describe('PUT /api/admin/account', () => {
  it('changes the business name and the admin email and answers both', async () => {
    const { client, workspaceId, workspace } = await signUpAdmin(app, { businessName: 'Acme Accounting', email: 'owner@acme.example' });
    const res = await put(client, {
      businessName: '  Harbourside Dental  ',
      email: ' front@harbourside.example ',
      currentAdminPassword: workspace.adminPassword,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ businessName: 'Harbourside Dental', email: 'front@harbourside.example' });
    const [row] = await app.database.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(row).toMatchObject({ businessName: 'Harbourside Dental', adminEmail: 'front@harbourside.example' });
    expect((await client.get('/api/dashboard')).json.companyName).toBe('Harbourside Dental');
  });

  it('changes one of the two alone', async () => {
    const { client, workspace } = await signUpAdmin(app, { businessName: 'Acme Accounting', email: 'owner@acme.example' });
    expect((await put(client, { email: 'new@acme.example', currentAdminPassword: workspace.adminPassword })).json).toEqual({
      businessName: 'Acme Accounting',
      email: 'new@acme.example',
    });
    expect((await put(client, { businessName: 'Acme Advisory' })).json).toEqual({ businessName: 'Acme Advisory', email: 'new@acme.example' });
  });

  it.each([
    [{ businessName: 'A' }, 'Business name is required', 'businessName'],
    [{ businessName: '   ' }, 'Business name is required', 'businessName'],
    [{ businessName: 42 }, 'Business name is required', 'businessName'],
    [{ businessName: 'x'.repeat(101) }, 'Business name must be at most 100 characters', 'businessName'],
    [{ email: 'not-an-email' }, 'Valid email required', 'email'],
    [{ email: '' }, 'Valid email required', 'email'],
    [{ email: null }, 'Valid email required', 'email'],
    [{}, 'Business name is required', 'businessName'],
  ])('refuses %j: %s', async (body, message, field) => {
    const { client } = await signUpAdmin(app);
    const res = await put(client, body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field });
  });

  it('answers 400, never 500, to a body that is not a JSON object', async () => {
    const { client } = await signUpAdmin(app);
    for (const raw of ['{nope', '[]', '"text"', 'null']) {
      expect((await client.request('PUT', '/api/admin/account', undefined, { raw })).status).toBe(400);
    }
  });

  it('is for the admin only', async () => {
    const { client } = await signUp(app);
    expect((await put(client, { businessName: 'Sneaky Co' })).status).toBe(403);
    expect((await put(new Client(app.url, { origin: app.url }), { businessName: 'Sneaky Co' })).status).toBe(401);
  });

  it('sends reset links to the new admin email, and links sent to the old one stop working', async () => {
    const { client, workspace } = await signUpAdmin(app, { email: 'old-owner@acme.example' });
    const anyone = new Client(app.url, { origin: app.url });
    await anyone.post('/api/auth/forgot-password', { slug: workspace.slug, email: 'old-owner@acme.example' });
    const oldMail = await sink.waitForMessage((m) => m.envelope.to.includes('old-owner@acme.example'));
    const oldToken = /token=([A-Za-z0-9_-]+)/.exec(oldMail.mail.text ?? '')![1]!;

    expect((await put(client, { email: 'new-owner@acme.example', currentAdminPassword: workspace.adminPassword })).status).toBe(200);
    const used = await anyone.post('/api/auth/reset-password', { token: oldToken, staffPassword: 'new-staff-pass' });
    expect(used.status).toBe(400);

    await anyone.post('/api/auth/forgot-password', { slug: workspace.slug, email: 'old-owner@acme.example' });
    await anyone.post('/api/auth/forgot-password', { slug: workspace.slug, email: 'new-owner@acme.example' });
    await sink.waitForMessage((m) => m.envelope.to.includes('new-owner@acme.example'));
    expect(sink.messages.filter((m) => m.envelope.to.includes('old-owner@acme.example') && m.mail.subject !== ACCOUNT_CHANGE_SUBJECT)).toHaveLength(1);
  });
});

// Issue 27, item 5: an admin session alone took the account over, and the owner heard nothing.
describe('a new admin email or password needs the current admin password, and the old address hears of it', () => {
  it('refuses a new admin email without the current admin password, or with a wrong one, and changes nothing', async () => {
    const { client, workspaceId } = await signUpAdmin(app, { email: 'keeper@acme.example' });
    const missing = await put(client, { email: 'thief@evil.example' });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ message: 'Enter your current admin password to confirm this change', field: 'currentAdminPassword' });
    const wrong = await put(client, { email: 'thief@evil.example', currentAdminPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ message: 'The current admin password is incorrect', field: 'currentAdminPassword' });
    const [row] = await app.database.db.select({ adminEmail: workspaces.adminEmail }).from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(row!.adminEmail).toBe('keeper@acme.example');
    // The business name alone is the admin session's to change.
    expect((await put(client, { businessName: 'Acme Renamed', email: 'keeper@acme.example' })).status).toBe(200);
  });

  it('mails the old address when the admin email changes', async () => {
    const { client, workspace } = await signUpAdmin(app, { email: 'first-owner@acme.example', businessName: 'Acme Notices' });
    expect((await put(client, { email: 'second-owner@acme.example', currentAdminPassword: workspace.adminPassword })).status).toBe(200);
    const notice = await sink.waitForMessage((m) => m.envelope.to.includes('first-owner@acme.example') && m.mail.subject === ACCOUNT_CHANGE_SUBJECT);
    expect(notice.mail.text).toContain('The admin email was changed to second-owner@acme.example');
    expect(notice.mail.text).toContain(`${app.url}/forgot-password?slug=${workspace.slug}`);
  });

  it('refuses new passwords without the current admin password or with a wrong one; a right one changes them and mails the admin', async () => {
    const { client, workspace } = await signUpAdmin(app, { email: 'pw-owner@acme.example' });
    const missing = await client.request('PUT', '/api/admin/passwords', { adminPassword: 'taken-over' });
    expect(missing.status).toBe(400);
    expect(missing.json.field).toBe('currentAdminPassword');
    const wrong = await client.request('PUT', '/api/admin/passwords', { staffPassword: 'taken-over', currentAdminPassword: 'guess' });
    expect(wrong.status).toBe(400);
    const fresh = new Client(app.url, { origin: app.url });
    expect((await fresh.post('/api/auth/login', { slug: workspace.slug, password: 'taken-over' })).status).toBe(401);

    expect(
      (await client.request('PUT', '/api/admin/passwords', { adminPassword: 'owner-new-admin', currentAdminPassword: workspace.adminPassword })).status,
    ).toBe(200);
    const notice = await sink.waitForMessage((m) => m.envelope.to.includes('pw-owner@acme.example') && m.mail.subject === ACCOUNT_CHANGE_SUBJECT);
    expect(notice.mail.text).toContain('The admin password was changed');
  });

  it('counts wrong current passwords against the guessing limit', async () => {
    const { client } = await signUpAdmin(app);
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push((await client.request('PUT', '/api/admin/passwords', { staffPassword: 'guessed-pass', currentAdminPassword: `guess-${i}` })).status);
    expect(answers.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('PUT /api/admin/passwords from the Account card', () => {
  it('changes one password and keeps the changer signed in', async () => {
    const { client, workspace } = await signUpAdmin(app);
    const body = { staffPassword: 'card-staff-pass', currentAdminPassword: workspace.adminPassword };
    expect((await client.request('PUT', '/api/admin/passwords', body)).json).toEqual({ message: 'Passwords updated' });
    expect((await client.get('/api/admin/outbox')).status).toBe(200);
    const fresh = new Client(app.url, { origin: app.url });
    expect((await fresh.post('/api/auth/login', { slug: workspace.slug, password: 'card-staff-pass' })).status).toBe(200);
  });
});

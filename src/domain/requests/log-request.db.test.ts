import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { emailOutbox, emailTemplates, reviewRequests, teams } from '#platform/db/schema.ts';
import type { MailMessage } from '#domain/email/mailer.ts';
import { firstAttempt, getOutboxEntry, listOutbox, resendOutboxMessage } from '#domain/email/outbox.ts';
import type { JobQueue } from '#platform/jobs/queue.ts';
import { unitEmailQueue } from '#testing/unit-queue.ts';
import { createTeam } from '#domain/game/teams.ts';
import type { LogRequestPayload } from '#contracts/payloads.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { isBlankHtml, logReviewRequest } from './log-request.ts';
import { listPrivateFeedback, openReviewLink, recordOpen, submitPrivateFeedback } from './review-link.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

let database: Database;
let jobs: JobQueue;

/** A mailer that keeps what it is given, or fails as `state.refusal` says (a refused connection, an unknown user). */
function fakeMailer() {
  const sent: MailMessage[] = [];
  const state: { refusal: 'down' | 'unknown user' | null; delayMs: number } = { refusal: null, delayMs: 0 };
  const mailer = {
    async send(message: MailMessage) {
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.refusal === 'down') throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      if (state.refusal === 'unknown user')
        throw Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 User unknown"), {
          responseCode: 550,
          response: '550 5.1.1 User unknown',
        });
      sent.push(message);
    },
  };
  return { sent, state, sender: { mailer, fromAddress: 'reviews@example.test' } };
}

// The queue's worker sends through this one mailer, as the runtime's does through SMTP.
const mail = fakeMailer();
beforeEach(() => {
  mail.sent.length = 0;
  mail.state.refusal = null;
  mail.state.delayMs = 0;
});

async function settled(workspaceId: number, id: number, status: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entry = await getOutboxEntry(database.db, workspaceId, id);
    if (entry?.status === status || Date.now() > deadline) return entry;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function setUp(plan: Workspace['plan'] = 'team') {
  const workspace = await unitWorkspace(database.db, plan, 'Harbourside Dental');
  const team = await createTeam(database, workspace, { name: 'Front Desk', color: '#3B82F6' });
  const [template] = await database.db
    .insert(emailTemplates)
    .values({
      workspaceId: workspace.id,
      name: 'Thanks',
      subject: 'Thanks {firstName} from {companyName}',
      htmlContent: '<p>Hi {firstName} {lastName}, {staffFirstName} here.</p>',
    })
    .returning({ id: emailTemplates.id });
  return { workspace, teamId: team.ok ? team.team.id : 0, templateId: template!.id };
}

function payload(teamId: number, templateId: number, overrides: Partial<LogRequestPayload> = {}): LogRequestPayload {
  return {
    staffFirstName: 'Tom',
    staffEmail: 'tom@harbourside.example',
    teamId,
    email: 'sarah@example.test',
    firstName: 'Sarah',
    lastName: 'Kim',
    templateId,
    phone: '',
    channel: 'email',
    customEmailSubject: '',
    customEmailContent: '',
    interactionDate: '',
    ...overrides,
  };
}

beforeAll(async () => {
  database = await migratedMemoryDatabase();
  jobs = await unitEmailQueue(database, mail.sender);
});
afterAll(async () => {
  await jobs.stop(1000);
  await database.close();
});

const ctx = (sender: ReturnType<typeof fakeMailer>['sender'] | { mailer: null; fromAddress: string }) => ({
  database,
  sender,
  jobs,
  publicUrl: 'https://app.example',
  secretKey: Buffer.alloc(32, 7),
});

describe('logReviewRequest', () => {
  it('stores the request with a token, sends the email and records it as sent', async () => {
    const { workspace, teamId, templateId } = await setUp();
    const result = await logReviewRequest(ctx(mail.sender), workspace, payload(teamId, templateId));
    expect(result).toEqual({
      ok: true,
      request: {
        id: expect.any(Number),
        campaignId: expect.any(Number),
        inviteId: expect.any(Number),
        customerName: 'Sarah Kim',
        customerEmail: 'sarah@example.test',
        staffFirstName: 'Tom',
        teamId,
        teamName: 'Front Desk',
        createdAt: expect.any(String),
        channel: 'email',
        emailStatus: 'sent',
      },
    });
    const id = result.ok ? result.request.id : 0;
    const [row] = await database.db.select().from(reviewRequests).where(eq(reviewRequests.id, id));
    expect(row!.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.emailSubject).toBe('Thanks Sarah from Harbourside Dental');
    expect(row!.emailHtml).toBe('<p>Hi Sarah Kim, Tom here.</p>');
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({
      from: { name: 'Harbourside Dental', address: 'reviews@example.test' },
      to: 'sarah@example.test',
      replyTo: 'tom@harbourside.example',
      subject: 'Thanks Sarah from Harbourside Dental',
    });
    expect(mail.sent[0]!.html).toContain(`https://app.example/r/${row!.token}`);
    expect(mail.sent[0]!.text).toContain(`Leave a review: https://app.example/r/${row!.token}`);
  });

  it('uses the edited subject and body, sanitised, with placeholders filled and names escaped', async () => {
    const { workspace, teamId, templateId } = await setUp();
    await logReviewRequest(
      ctx(mail.sender),
      workspace,
      payload(teamId, templateId, {
        firstName: '<b>Sam</b>',
        customEmailSubject: 'Quick favour, {firstName}?',
        customEmailContent: '<p onclick="x()">Dear {firstName}<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a></p>',
      }),
    );
    expect(mail.sent[0]!.subject).toBe('Quick favour, <b>Sam</b>?');
    const body = mail.sent[0]!.html;
    expect(body).toContain('<p>Dear &lt;b&gt;Sam&lt;/b&gt;<a>link</a></p>');
    expect(body).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('falls back to the template when the edited body is empty', async () => {
    const { workspace, teamId, templateId } = await setUp();
    await logReviewRequest(ctx(mail.sender), workspace, payload(teamId, templateId, { customEmailContent: '<p><br></p>' }));
    expect(mail.sent[0]!.html).toContain('<p>Hi Sarah Kim, Tom here.</p>');
  });

  it('refuses the free plan, the Unknown team, and a team or template of another workspace, storing nothing', async () => {
    const free = await setUp('free');
    expect(await logReviewRequest(ctx(mail.sender), free.workspace, payload(free.teamId, free.templateId))).toEqual({ ok: false, problem: 'plan' });

    const mine = await setUp();
    const other = await setUp();
    const [unknown] = await database.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.workspaceId, mine.workspace.id), eq(teams.name, 'Unknown')));
    const unknownId = unknown!.id;
    expect(await logReviewRequest(ctx(mail.sender), mine.workspace, payload(unknownId, mine.templateId))).toEqual({ ok: false, problem: 'team' });
    expect(await logReviewRequest(ctx(mail.sender), mine.workspace, payload(other.teamId, mine.templateId))).toEqual({ ok: false, problem: 'team' });
    expect(await logReviewRequest(ctx(mail.sender), mine.workspace, payload(mine.teamId, other.templateId))).toEqual({
      ok: false,
      problem: 'template',
    });
    expect(mail.sent).toHaveLength(0);
    const stored = await database.db.select().from(reviewRequests).where(eq(reviewRequests.workspaceId, mine.workspace.id));
    expect(stored).toHaveLength(0);
  });

  it('keeps the request when the send fails, says it will retry, and the queue delivers it once the server accepts', async () => {
    const { workspace, teamId, templateId } = await setUp();
    mail.state.refusal = 'down';
    const result = await logReviewRequest(ctx(mail.sender), workspace, payload(teamId, templateId));
    expect(result.ok && result.request.emailStatus).toBe('retrying');
    expect(result.ok && result.request.reviewLink).toMatch(/^https:\/\/app\.example\/r\//);
    const [entry] = await listOutbox(database.db, workspace.id);
    expect(entry).toMatchObject({ status: 'retrying', error: 'connect ECONNREFUSED 127.0.0.1:2525', attempts: 1, sentAt: null });

    mail.state.refusal = null;
    expect(await settled(workspace.id, entry!.id, 'sent')).toMatchObject({ status: 'sent', error: null, sentAt: expect.any(String) });
    expect(mail.sent).toHaveLength(1);
    const outbox = { database, sender: mail.sender, jobs };
    expect(await resendOutboxMessage(outbox, workspace.id, entry!.id)).toEqual({ ok: false, problem: 'already_sent' });
  });

  it('fails at once when the server says the address does not exist, and a resend after a fix delivers it', async () => {
    const { workspace, teamId, templateId } = await setUp();
    mail.state.refusal = 'unknown user';
    const result = await logReviewRequest(ctx(mail.sender), workspace, payload(teamId, templateId));
    expect(result.ok && result.request.emailStatus).toBe('failed');
    const [entry] = await listOutbox(database.db, workspace.id);
    expect(entry).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(entry!.error).toContain('550 5.1.1 User unknown');

    mail.state.refusal = null;
    const outbox = { database, sender: mail.sender, jobs };
    const resent = await resendOutboxMessage(outbox, workspace.id, entry!.id);
    expect(resent).toMatchObject({ ok: true, entry: { status: 'sent', error: null, attempts: 2, sentAt: expect.any(String) } });
    expect(mail.sent).toHaveLength(1);
    const other = await setUp();
    expect(await resendOutboxMessage(outbox, other.workspace.id, entry!.id)).toEqual({ ok: false, problem: 'not_found' });
  });

  it('answers with the first attempt when the worker says it was made, reading the message twice, not polling it', async () => {
    const { workspace, teamId, templateId } = await setUp();
    mail.state.delayMs = 600;
    const logged = await logReviewRequest(ctx(mail.sender), workspace, payload(teamId, templateId, { email: 'slow@example.test' }));
    expect(logged.ok && logged.request.emailStatus).toBe('sent');

    // The same wait for a resent message, on a database that counts the reads made through it.
    const [row] = await database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, 'slow@example.test'));
    await database.db.update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, row!.id));
    let reads = 0;
    const counting: Database = { ...database, db: new Proxy(database.db, { get: (db, key) => (key === 'select' && reads++, Reflect.get(db, key)) }) };
    const resent = await resendOutboxMessage({ database: counting, sender: mail.sender, jobs }, workspace.id, row!.id);
    expect(resent).toMatchObject({ ok: true, entry: { status: 'sent' } });
    expect(reads).toBeLessThanOrEqual(2);
    // A message that is not there is no wait.
    expect(await firstAttempt(database, workspace.id, 999_999)).toBeNull();
  });

  it('keeps the email as "not sent: no SMTP" without a mailer', async () => {
    const { workspace, teamId, templateId } = await setUp();
    const result = await logReviewRequest(ctx({ mailer: null, fromAddress: 'x@y.z' }), workspace, payload(teamId, templateId));
    expect(result.ok && result.request.emailStatus).toBe('not sent: no SMTP');
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.workspaceId, workspace.id));
    expect(row).toMatchObject({ status: 'not sent: no SMTP', attempts: 0, error: null, toAddress: 'sarah@example.test', fromName: 'Harbourside Dental' });
  });
});

describe('the review link', () => {
  it('is opened only when the page reports it, keeps the first open, and stores private feedback for the admin', async () => {
    const { workspace, teamId, templateId } = await setUp();
    const result = await logReviewRequest(ctx({ mailer: null, fromAddress: 'x@y.z' }), workspace, payload(teamId, templateId));
    const id = result.ok ? result.request.id : 0;
    const [{ token }] = (await database.db.select({ token: reviewRequests.token }).from(reviewRequests).where(eq(reviewRequests.id, id))) as {
      token: string;
    }[];

    expect(await openReviewLink(database.db, token)).toEqual({ businessName: 'Harbourside Dental', logoUrl: null, googleReviewLink: null });
    const clicked = async () => (await database.db.select({ at: reviewRequests.clickedAt }).from(reviewRequests).where(eq(reviewRequests.id, id)))[0]!.at;
    // Showing the page (a mail scanner's GET) is not an open.
    expect(await clicked()).toBeNull();
    expect(await recordOpen(database.db, token)).toBe(true);
    const first = await clicked();
    expect(first).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 5));
    await recordOpen(database.db, token);
    expect((await clicked())!.getTime()).toBe(first!.getTime());
    expect(await recordOpen(database.db, 'x'.repeat(32))).toBe(false);

    expect(await openReviewLink(database.db, 'x'.repeat(32))).toBeNull();
    expect(await submitPrivateFeedback(database.db, token, 'The wait was long.')).toEqual({ ok: true, businessName: 'Harbourside Dental' });
    expect(await listPrivateFeedback(database.db, workspace.id)).toEqual([
      { id: expect.any(Number), requestId: id, customerName: 'Sarah Kim', message: 'The wait was long.', createdAt: expect.any(String) },
    ]);
  });
});

it('isBlankHtml sees an empty editor as blank', () => {
  expect(isBlankHtml('<p><br></p>')).toBe(true);
  expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
  expect(isBlankHtml('<p>Hi</p>')).toBe(false);
});

// Issue 13 point 6 in the browser: the log form's "Saw the customer on" and "When to ask", and the
// "Follow up" list under it that sends a request's one reminder email.
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { reviewRequests, reviews } from '#platform/db/schema.ts';
import { addDays, localDateOf } from '#shared/time.ts';
import { DEFAULT_REQUEST_TIMING_TIP } from '#shared/settings-rules.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { blockingViolations, browserAvailable, launchBrowser, toast, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { insertReview } from '../helpers/seed-requests.ts';
import type { Client } from '../helpers/client.ts';

const ZONE = 'Australia/Sydney';
const TOM = 'tom@harbourside.example';

describe.skipIf(!browserAvailable)('timing cues and follow-ups on the log page', () => {
  let app: TestApp;
  let sink: SmtpSink;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    [app, browser] = await Promise.all([startApp({ DEFAULT_PLAN: 'team', SMTP_URL: sink.url, MAIL_FROM: 'reviews@example.test' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sink?.stop();
  });

  async function workspace() {
    const signedIn = await signUpAdmin(app, { businessName: 'Harbourside Dental' });
    const team = await signedIn.client.post('/api/teams', { name: 'Front Desk' });
    const base = { subject: 'Thanks {firstName}!', htmlContent: '<p>Hi {firstName}</p>', phoneScript: 'Hi {firstName}, it is {staffFirstName}.' };
    const plain = await signedIn.client.post('/api/email-templates', { ...base, name: 'Plain' });
    const timed = await signedIn.client.post('/api/email-templates', {
      ...base,
      name: 'After a check-up',
      timingTip: 'Ask at the front desk, right after the check-up.',
    });
    expect([team.status, plain.status, timed.status]).toEqual([201, 201, 201]);
    return { ...signedIn, teamId: team.json.id as number, templateId: plain.json.id as number };
  }

  async function open(client: Client, slug: string, cookies: { name: string; value: string }[] = []): Promise<Page> {
    await browser.context.clearCookies();
    await browser.context.addCookies([
      { name: SESSION_COOKIE, value: client.cookie(SESSION_COOKIE)!, url: app.url },
      ...cookies.map((c) => ({ ...c, url: app.url })),
    ]);
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/${slug}/review-request`);
    await waitForIslands(page);
    return page;
  }

  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

  it('defaults "Saw the customer on" to today, sends the date chosen, and shows the tip of the chosen template', async () => {
    const { client, workspace: ws, workspaceId } = await workspace();
    const page = await open(client, ws.slug);
    const today = localDateOf(new Date(), ZONE);
    const date = field(page, 'Saw the customer on');
    expect(await date.getAttribute('type')).toBe('date');
    expect(await date.inputValue()).toBe(today);
    expect(await date.getAttribute('max')).toBe(today);

    const tip = page.getByTestId('timing-tip');
    expect(await tip.textContent()).toContain('When to ask');
    expect(await tip.textContent()).toContain(DEFAULT_REQUEST_TIMING_TIP);
    await field(page, 'Email Template').selectOption({ label: 'After a check-up' });
    await expect.poll(() => tip.textContent()).toContain('Ask at the front desk, right after the check-up.');
    await field(page, 'Email Template').selectOption({ label: 'Plain' });
    await expect.poll(() => tip.textContent()).toContain(DEFAULT_REQUEST_TIMING_TIP);

    // The page carries no follow-ups before a request was logged from it.
    expect(await page.getByTestId('follow-ups').textContent()).toContain('Once you log a request');

    await field(page, 'Staff First Name').fill('Tom');
    await field(page, 'Staff Email').fill(TOM);
    await field(page, 'Team').selectOption({ label: 'Front Desk' });
    await field(page, 'Customer Email').fill('sarah.kim@example.com');
    await field(page, 'Customer First Name').fill('Sarah');
    await field(page, 'Customer Last Name').fill('Kim');
    const yesterday = addDays(today, -1);
    await date.fill(yesterday);
    await page.getByRole('button', { name: 'Log Review Request' }).click();
    await toast(page, 'Success').waitFor();

    const [stored] = await app.database.db
      .select({ interactionDate: reviewRequests.interactionDate })
      .from(reviewRequests)
      .where(eq(reviewRequests.workspaceId, workspaceId))
      .orderBy(desc(reviewRequests.id));
    expect(stored).toEqual({ interactionDate: yesterday });
    // Back to today for the next customer; the list now knows who is asking.
    expect(await date.inputValue()).toBe(today);
    await expect.poll(() => page.getByTestId('follow-ups').textContent()).toContain('Nobody to follow up right now');
    await page.close();
  });

  it('shows the workspace tip from its setting', async () => {
    const { client, workspace: ws } = await workspace();
    expect((await client.request('PUT', '/api/settings/request_timing_tip', { value: 'Ask before they reach the car park.' })).status).toBe(200);
    const page = await open(client, ws.slug);
    expect(await page.getByTestId('timing-tip').textContent()).toContain('Ask before they reach the car park.');
    await page.close();
  });

  it("lists the remembered person's due request with its phone script, and sends one reminder", async () => {
    const ws = await workspace();
    const logged = await ws.client.post('/api/review-requests', {
      staffFirstName: 'Tom',
      staffEmail: TOM,
      teamId: ws.teamId,
      email: 'ann.lee@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      templateId: ws.templateId,
    });
    expect(logged.status).toBe(201);
    const fourDaysAgo = new Date(Date.now() - 4 * 24 * 60 * 60 * 1000);
    await app.database.db.update(reviewRequests).set({ createdAt: fourDaysAgo, sentAt: fourDaysAgo }).where(eq(reviewRequests.id, logged.json.request.id));

    const page = await open(ws.client, ws.workspace.slug, [{ name: 'staffEmail', value: encodeURIComponent(TOM) }]);
    const item = page.getByTestId('follow-up').filter({ hasText: 'Ann Lee' });
    await item.waitFor();
    expect(await item.textContent()).toContain('ann.lee@example.com');
    expect(await item.textContent()).toContain('Front Desk');
    expect(await item.textContent()).toMatch(/Emailed [45] days ago/);
    const script = item.getByText('Hi Ann, it is Tom.');
    expect(await script.isVisible()).toBe(false);
    await item.getByText('Phone script').click();
    expect(await script.isVisible()).toBe(true);

    await page.route('**/reminder*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await item.getByRole('button', { name: 'Send reminder email' }).click();
    await expect.poll(() => item.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
    await toast(page, 'Reminder sent').waitFor();
    await expect.poll(() => item.textContent()).toContain('Reminder sent');
    expect(await item.getByRole('button', { name: 'Send reminder email' }).count()).toBe(0);
    await sink.waitForMessage((m) => m.envelope.to[0] === 'ann.lee@example.com' && m.mail.subject === 'A reminder from Harbourside Dental');

    // Still there on the next visit, marked, with no button.
    await page.reload();
    await waitForIslands(page);
    await item.waitFor();
    await expect.poll(() => item.textContent()).toContain('Reminder sent');
    expect(await item.getByRole('button').count()).toBe(0);
    await page.close();
  });

  // Issue 32, point 3: the credited person confirms a suggested review in one tap.
  it('asks "Is this your customer?" with the review and the request side by side, and counts it on Yes', async () => {
    const ws = await workspace();
    const logged = await ws.client.post('/api/review-requests', {
      staffFirstName: 'Tom',
      staffEmail: TOM,
      teamId: ws.teamId,
      email: 'katherine.oduya@example.com',
      firstName: 'Katherine',
      lastName: 'Oduya',
      templateId: ws.templateId,
    });
    expect(logged.status).toBe(201);
    const reviewId = await insertReview(app, ws.workspaceId, {
      reviewerName: 'Kate O.',
      rating: 4,
      requestId: logged.json.request.id,
      matchStatus: 'needs_review',
      matchConfidence: 62,
    });

    for (const width of [1280, 390]) {
      const page = await open(ws.client, ws.workspace.slug, [{ name: 'staffEmail', value: encodeURIComponent(TOM) }]);
      await page.setViewportSize({ width, height: 900 });
      const suggestion = page.getByTestId('suggested-match');
      await suggestion.waitFor();
      expect(await suggestion.textContent()).toContain('Kate O.');
      expect(await suggestion.textContent()).toContain('Katherine Oduya');
      await suggestion.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/follow-up-suggestion-${width}.png` });
      expect(await blockingViolations(page, '[data-testid="suggested-matches"]')).toEqual([]);
      if (width === 390) {
        await suggestion.getByRole('button', { name: "Yes, that's my customer" }).click();
        await toast(page, 'Matched').waitFor();
        await expect.poll(() => page.getByTestId('suggested-match').count()).toBe(0);
      }
      await page.close();
    }
    const [row] = await app.database.db.select({ status: reviews.matchStatus }).from(reviews).where(eq(reviews.id, reviewId));
    expect(row?.status).toBe('self_confirmed');
  });

  it('says when the mail server refused the email and that it will be retried, then the queue delivers it', async () => {
    const { client, workspace: ws } = await workspace();
    const page = await open(client, ws.slug);
    await field(page, 'Staff First Name').fill('Tom');
    await field(page, 'Staff Email').fill(TOM);
    await field(page, 'Team').selectOption({ label: 'Front Desk' });
    await field(page, 'Customer Email').fill('refused@example.com');
    await field(page, 'Customer First Name').fill('Rae');
    await field(page, 'Customer Last Name').fill('Fox');
    await field(page, 'Email Template').selectOption({ label: 'Plain' });
    const port = sink.port;
    await sink.stop();
    try {
      await page.getByRole('button', { name: 'Log Review Request' }).click();
      await toast(page, 'Success').waitFor();
      const note = page.getByTestId('unsent-email');
      await note.waitFor();
      expect(await note.textContent()).toContain('The email could not be sent yet. It will be tried again automatically.');
      expect(await note.getByLabel("Customer's review link").inputValue()).toMatch(/\/r\/[A-Za-z0-9_-]{32}$/);
    } finally {
      await sink.start(port);
    }
    await sink.waitForMessage((m) => m.envelope.to[0] === 'refused@example.com', 15_000);
    await page.close();
  });
});

// Issue 12's promise, tried as a new owner would: a fresh server with nothing configured (what
// `npm start` runs: no PUBLIC_URL, no SMTP, no DEFAULT_PLAN), from the landing page's Team card to a
// logged request and a test review celebrated on the wallboard, with no terminal step. The set-up
// checklist ticks each step as it is done.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { freePort, spawnServer, type ServerProcess } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

describe.skipIf(!browserAvailable)('first run on a fresh server', () => {
  let server: ServerProcess;
  let browser: LaunchedBrowser;
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-first-run-'));

  beforeAll(async () => {
    const port = String(await freePort());
    const env: Record<string, string> = { PORT: port, DATA_DIR: dataDir };
    for (const key of ['PUBLIC_URL', 'SMTP_URL', 'DEFAULT_PLAN', 'DATABASE_URL', 'APP_SECRET', 'TRIAL_DAYS']) env[key] = '';
    const started = spawnServer(env);
    server = started;
    [, browser] = await Promise.all([started.ready(), launchBrowser()]);
  }, withServerStarts(1));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const step = (page: Page, id: string) => page.locator(`[data-testid="setup-checklist"] [data-step="${id}"]`).first();
  // Deadlines, not speed checks: the server is a separate process sharing the CPU with other test files.
  const waitDone = (page: Page, id: string) => step(page, id).and(page.locator('[data-done="yes"]')).waitFor({ timeout: 20_000 });

  it('goes from the Team card to a celebrated test review, the checklist ticking each step', async () => {
    const page = await browser.context.newPage();
    await page.goto(server.url + '/');
    await page.locator('#pricing').getByRole('link', { name: 'Start free' }).nth(1).click();
    await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('plan') === 'team');
    await waitForIslands(page);
    expect(await page.getByText('Start your 14-day Team trial.').isVisible()).toBe(true);

    const slug = `first-run-${Date.now().toString(36)}`;
    await page.getByLabel('Dashboard URL').fill(slug);
    await page.getByLabel('Business Name').fill('Harbourside Dental');
    await page.getByLabel('Admin Email').fill('owner@harbourside.example');
    await page.getByLabel('Staff Password', { exact: true }).fill('staff-pass');
    await page.getByLabel('Confirm Staff Password').fill('staff-pass');
    await page.getByLabel('Admin Panel Password', { exact: true }).fill('admin-pass');
    await page.getByLabel('Confirm Admin Password').fill('admin-pass');
    await page.getByRole('button', { name: 'Create Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === `/${slug}`, { timeout: 30_000 });
    await waitForIslands(page);

    // The new owner sees what to do next, and where everything is.
    const checklist = page.getByTestId('setup-checklist');
    expect(await checklist.textContent()).toContain('0 of 7 steps done');
    expect(await page.getByTestId('no-reviews-yet').isVisible()).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Workspace' });
    for (const place of ['Wallboard', 'Log Request', 'Report', 'Leaderboard', 'Reviews', 'Admin'])
      expect(await nav.getByRole('link', { name: place }).isVisible()).toBe(true);

    // The admin panel, through the navigation bar.
    await nav.getByRole('link', { name: 'Admin' }).click();
    // Islands are awaited on the admin page itself: on the wallboard they are already there.
    await page.waitForURL((url) => url.pathname === `/${slug}/admin`, { timeout: 30_000 });
    await waitForIslands(page);
    await page.getByLabel('Admin password').fill('admin-pass');
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.getByRole('heading', { name: 'Team Management' }).waitFor({ timeout: 30_000 });
    await waitForIslands(page);

    await page.getByLabel('Team name').fill('Front Desk');
    await page.getByRole('button', { name: 'Create Team' }).click();
    await waitDone(page, 'teams');

    // Issue 33, item 9: the target, suggested from the teams where it is set, and ticked once saved.
    await expect.poll(() => step(page, 'target').textContent(), { timeout: 20_000 }).toContain('about 30 is a good first target');
    const target = page.getByLabel('target reviews', { exact: true });
    await target.focus();
    const suggestion = page.getByTestId('target-suggestion');
    await expect.poll(() => suggestion.textContent()).toContain('Suggested for your 1 team: 30 reviews');
    await suggestion.getByRole('button', { name: 'Use 30' }).click();
    await expect.poll(() => target.inputValue()).toBe('30');
    await waitDone(page, 'target');
    expect(await suggestion.textContent()).toContain('In use');

    const link = page.getByLabel('google review link');
    await link.fill('https://g.page/r/harbourside/review');
    await link.blur();
    await waitDone(page, 'review_link');

    const newTemplate = page.getByRole('form', { name: 'New email template' });
    await newTemplate.getByLabel('Template name').fill('Thank you');
    await newTemplate.getByLabel('Subject').fill('How did we do, {firstName}?');
    // The body is written in the rich-text editor; a placeholder goes in at the cursor from its button.
    const body = newTemplate.getByRole('textbox', { name: 'Email body' });
    await body.click();
    await page.keyboard.type('Hi ');
    await newTemplate.getByRole('button', { name: 'Customer first name' }).click();
    await page.keyboard.type(', thanks for visiting ');
    await newTemplate.getByRole('button', { name: 'Business name' }).click();
    await page.keyboard.type('.');
    expect(await body.textContent()).toBe('Hi {firstName}, thanks for visiting {companyName}.');
    await newTemplate.getByRole('button', { name: 'Create Template' }).click();
    await waitDone(page, 'email_template');
    // The edit dialog opens the saved body in the same editor.
    await page.getByRole('button', { name: 'Edit Thank you' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Email Template' });
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Email body' }).textContent()).toBe('Hi {firstName}, thanks for visiting {companyName}.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Use copy-the-link mode' }).click();
    await waitDone(page, 'email_delivery');

    await page.getByLabel('Screen name').fill('Reception TV');
    await page.getByRole('button', { name: 'Create link' }).click();
    await waitDone(page, 'tv_link');

    // Staff log a request: the email cannot go, so the customer's link is there to copy at once.
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Log Request' }).click();
    await page.waitForURL((url) => url.pathname === `/${slug}/review-request`, { timeout: 30_000 });
    await waitForIslands(page);
    await page.getByLabel('Staff First Name').fill('Tom');
    await page.getByLabel('Staff Email').fill('tom@harbourside.example');
    await page.getByLabel('Team').selectOption({ label: 'Front Desk' });
    await page.getByLabel('Customer Email').fill('jane@example.com');
    await page.getByLabel('Customer First Name').fill('Jane');
    await page.getByLabel('Customer Last Name').fill('Citizen');
    await page.getByLabel('Email Template').selectOption({ label: 'Thank you' });
    await page.getByRole('button', { name: 'Log Review Request' }).click();
    const unsent = page.getByTestId('unsent-email');
    await unsent.waitFor({ timeout: 10_000 });
    const reviewLink = await unsent.getByLabel("Customer's review link").inputValue();
    expect(reviewLink).toMatch(new RegExp(`^${server.url}/r/`));

    // The wallboard, open in another tab, celebrates the test review sent from the admin panel.
    const wallboard = await browser.context.newPage();
    await wallboard.goto(`${server.url}/${slug}`);
    await waitForIslands(wallboard);
    await expect.poll(() => wallboard.getByText('Live', { exact: true }).isVisible()).toBe(true);
    await page.goto(`${server.url}/${slug}/admin`);
    await waitForIslands(page);
    await page.getByLabel('Reviewer name').fill('Jane Citizen');
    await page.getByLabel('Comment').fill('Lovely visit, thank you!');
    await page.getByRole('button', { name: 'Submit Test Review' }).click();
    await wallboard.getByTestId('celebration-overlay').waitFor({ state: 'visible' });
    await waitDone(page, 'test_review');
    expect(await page.getByTestId('setup-checklist').textContent()).toContain('7 of 7 steps done');
    await wallboard.reload();
    await waitForIslands(wallboard);
    expect(await wallboard.getByTestId('setup-checklist').count()).toBe(0);
    expect(await wallboard.getByTestId('total-count').textContent()).toBe('1');

    // The server's log of this whole browser run (issue 14): JSON lines, none of the secrets typed or
    // set along the way.
    const lines = server.stdout().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) });
    const session = (await browser.context.cookies()).find((c) => c.name === 'rc_session')?.value;
    const token = reviewLink.split('/r/')[1]!;
    for (const secret of ['staff-pass', 'admin-pass', 'jane@example.com', session!, token]) expect(server.output()).not.toContain(secret);
  }, 120_000);
});

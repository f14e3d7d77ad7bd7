// Issue 12's promise and issue 33's walk-through, as a new owner takes it on a fresh server with
// nothing configured (what `npm start` runs: no PUBLIC_URL, no SMTP, no DEFAULT_PLAN), with no
// terminal step, the set-up checklist ticking each step as it is done: the pricing card, registration with the address suggested
// from the business name, every checklist step through its own link, a first request while email is
// not set up, the TV link opened at 1920x1080, and a test review celebrated there with the reviewer
// named as the setting says. It counts the owner's clicks (a choice in a list is one) and the time:
// the run's own time with instant typing, plus the typing at 5 characters a second, worked out from
// the characters typed instead of waited through. Both are printed; docs/benchmarks.md records them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { freePort, spawnServer, type ServerProcess } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

const MAX_CLICKS = 30;
const TYPING_CHARACTERS_A_SECOND = 5;

describe.skipIf(!browserAvailable)('the first fifteen minutes, walked through', () => {
  let server: ServerProcess;
  let browser: LaunchedBrowser;
  /** The office TV: a browser of its own, never signed in. */
  let tvBrowser: LaunchedBrowser;
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-first-minutes-'));

  beforeAll(async () => {
    const port = String(await freePort());
    const env: Record<string, string> = { PORT: port, DATA_DIR: dataDir };
    for (const key of ['PUBLIC_URL', 'SMTP_URL', 'DEFAULT_PLAN', 'DATABASE_URL', 'APP_SECRET', 'TRIAL_DAYS', 'CONTACT_EMAIL']) env[key] = '';
    const started = spawnServer(env);
    server = started;
    [, browser, tvBrowser] = await Promise.all([started.ready(), launchBrowser(), launchBrowser({ viewport: { width: 1920, height: 1080 } })]);
  }, withServerStarts(1));
  afterAll(async () => {
    await browser?.close();
    await tvBrowser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`takes a new owner from the pricing card to a review celebrated on the TV in at most ${MAX_CLICKS} clicks`, async () => {
    let clicks = 0;
    let typed = 0;
    const click = async (target: Locator) => {
      clicks++;
      await target.click();
    };
    const choose = async (select: Locator, label: string) => {
      clicks++;
      await select.selectOption({ label });
    };
    const type = async (field: Locator, text: string) => {
      typed += text.length;
      await field.fill(text);
    };
    const step = (page: Page, id: string) => page.locator(`[data-testid="setup-checklist"] [data-step="${id}"]`).first();
    // Deadlines, not speed checks: the server is a separate process sharing the CPU with other test files.
    const waitDone = (page: Page, id: string) => step(page, id).and(page.locator('[data-done="yes"]')).waitFor({ timeout: 20_000 });
    const stepLink = (page: Page, id: string, name: string) => step(page, id).getByRole('link', { name });
    const inView = async (page: Page, target: Locator) => {
      const box = await target.boundingBox();
      const viewport = page.viewportSize()!;
      return box !== null && box.y >= 0 && box.y + Math.min(box.height, 80) <= viewport.height;
    };

    const began = Date.now();
    const page = await browser.context.newPage();
    await page.goto(server.url + '/');
    await click(page.locator('#pricing').getByRole('link', { name: 'Start free' }).nth(1));
    await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('plan') === 'team');
    await waitForIslands(page);
    expect(await page.getByText('Start your 14-day Team trial.').isVisible()).toBe(true);

    // The address is suggested from the business name as it is typed.
    await type(page.getByLabel('Business Name'), 'Harbourside Dental');
    await expect.poll(() => page.getByLabel('Dashboard URL').inputValue()).toBe('harbourside-dental');
    await type(page.getByLabel('Admin Email'), 'owner@harbourside.example');
    await type(page.getByLabel('Staff Password', { exact: true }), 'staff-pass');
    await type(page.getByLabel('Confirm Staff Password'), 'staff-pass');
    await type(page.getByLabel('Admin Panel Password', { exact: true }), 'admin-pass');
    await type(page.getByLabel('Confirm Admin Password'), 'admin-pass');
    await click(page.getByRole('button', { name: 'Create Dashboard' }));
    await page.waitForURL((url) => url.pathname === '/harbourside-dental', { timeout: 30_000 });
    await waitForIslands(page);
    // The new owner sees what to do next, and where everything is.
    expect(await page.getByTestId('setup-checklist').textContent()).toContain('0 of 7 steps done');
    expect(await page.getByTestId('no-reviews-yet').isVisible()).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Workspace' });
    for (const place of ['Wallboard', 'Log Request', 'Report', 'Leaderboard', 'Reviews', 'Admin'])
      expect(await nav.getByRole('link', { name: place }).isVisible()).toBe(true);

    // Every step through its own link: the first goes through the admin password and lands on its card.
    await click(page.getByTestId('setup-checklist').getByRole('link', { name: 'Add teams' }).first());
    await page.waitForURL((url) => url.pathname === '/harbourside-dental/admin', { timeout: 30_000 });
    await waitForIslands(page);
    await type(page.getByLabel('Admin password'), 'admin-pass');
    await click(page.getByRole('button', { name: 'Access Admin Panel' }));
    const teamName = page.getByLabel('Team name');
    await teamName.waitFor({ timeout: 30_000 });
    await waitForIslands(page);
    await expect.poll(() => inView(page, teamName), { timeout: 10_000 }).toBe(true);
    await type(teamName, 'Front Desk');
    await click(page.getByRole('button', { name: 'Create Team' }));
    await waitDone(page, 'teams');

    await click(stepLink(page, 'target', 'Set the target'));
    const suggestion = page.getByTestId('target-suggestion');
    await expect.poll(() => inView(page, suggestion), { timeout: 10_000 }).toBe(true);
    await click(suggestion.getByRole('button', { name: 'Use 30' }));
    await waitDone(page, 'target');

    await click(stepLink(page, 'review_link', 'Add the link'));
    const reviewLink = page.getByLabel('google review link');
    await expect.poll(() => inView(page, reviewLink), { timeout: 10_000 }).toBe(true);
    await type(reviewLink, 'https://g.page/r/harbourside/review');
    await reviewLink.press('Tab');
    await waitDone(page, 'review_link');

    await click(stepLink(page, 'email_template', 'Write it'));
    const ready = page.getByTestId('ready-templates');
    await expect.poll(() => inView(page, ready), { timeout: 10_000 }).toBe(true);
    await click(page.getByRole('button', { name: 'Add Friendly thank-you' }));
    await waitDone(page, 'email_template');

    await click(page.getByRole('button', { name: 'Use copy-the-link mode' }));
    await waitDone(page, 'email_delivery');

    await click(stepLink(page, 'tv_link', 'Create a TV link'));
    const screenName = page.getByLabel('Screen name');
    await expect.poll(() => inView(page, screenName), { timeout: 10_000 }).toBe(true);
    await type(screenName, 'Reception TV');
    await click(page.getByRole('button', { name: 'Create link' }));
    const tvLink = (await page.getByTestId('share-link').textContent())!.trim();
    await waitDone(page, 'tv_link');

    // A first request while the server sends no email: the toast says so and the link to copy is in view.
    await click(page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Log Request' }));
    await page.waitForURL((url) => url.pathname === '/harbourside-dental/review-request', { timeout: 30_000 });
    await waitForIslands(page);
    await type(page.getByLabel('Staff First Name'), 'Tom');
    await type(page.getByLabel('Staff Email'), 'tom@harbourside.example');
    await choose(page.getByLabel('Team'), 'Front Desk');
    await type(page.getByLabel('Customer Email'), 'jane@example.com');
    await type(page.getByLabel('Customer First Name'), 'Jane');
    await type(page.getByLabel('Customer Last Name'), 'Citizen');
    await choose(page.getByLabel('Email Template'), 'Friendly thank-you');
    await click(page.getByRole('button', { name: 'Log Review Request' }));
    await expect.poll(() => page.getByText('Logged: email not sent, copy the link below').isVisible(), { timeout: 10_000 }).toBe(true);
    const unsent = page.getByTestId('unsent-email');
    await expect.poll(() => inView(page, unsent), { timeout: 10_000 }).toBe(true);

    // The office TV: the link opened in its browser, no sign-in.
    const tv = await tvBrowser.context.newPage();
    await tv.goto(tvLink);
    await waitForIslands(tv);
    await expect.poll(() => tv.getByText('Live', { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);

    // The last step, from the checklist on the admin panel: the TV celebrates the reviewer by first name and initial.
    await click(page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Admin' }));
    await page.waitForURL((url) => url.pathname === '/harbourside-dental/admin', { timeout: 30_000 });
    await waitForIslands(page);
    await click(stepLink(page, 'test_review', 'Send a test review'));
    const reviewer = page.getByLabel('Reviewer name');
    await expect.poll(() => inView(page, reviewer), { timeout: 10_000 }).toBe(true);
    await type(reviewer, 'Jane Citizen');
    await type(page.getByLabel('Comment'), 'Lovely visit, thank you!');
    await click(page.getByRole('button', { name: 'Submit Test Review' }));
    const overlay = tv.getByTestId('celebration-overlay');
    await overlay.waitFor({ state: 'visible', timeout: 20_000 });
    // For a person to look at: the office TV at 1920x1080 as the review lands, once the celebration has faded in.
    await expect.poll(() => overlay.evaluate((element) => getComputedStyle(element).opacity), { timeout: 10_000 }).toBe('1');
    await tv.screenshot({ path: join(tmpdir(), 'rc-first-minutes-tv-1920.png') });
    expect(await overlay.textContent()).toContain('Jane C. left a 5-star review');
    expect(await overlay.textContent()).not.toContain('Citizen');
    await waitDone(page, 'test_review');
    const ranMs = Date.now() - began;
    expect(await page.getByTestId('setup-checklist').textContent()).toContain('7 of 7 steps done');
    // Done: the owner's wallboard no longer shows the checklist it opened with, and counts the review.
    await page.goto(`${server.url}/harbourside-dental`);
    await waitForIslands(page);
    expect(await page.getByTestId('setup-checklist').count()).toBe(0);
    expect(await page.getByTestId('total-count').textContent()).toBe('1');

    const typingMs = (typed / TYPING_CHARACTERS_A_SECOND) * 1000;
    const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
    console.log(
      `First fifteen minutes: ${clicks} clicks, ${typed} characters typed; ${minutes(ranMs + typingMs)} with typing at ` +
        `${TYPING_CHARACTERS_A_SECOND} characters a second (${minutes(ranMs)} of it the run itself, on a test machine)`,
    );
    expect(clicks).toBeLessThanOrEqual(MAX_CLICKS);
  });
});

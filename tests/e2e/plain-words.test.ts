// Issue 33, item 7: where owners read, plain words. Where SPEC.md fixes a text (a label made from a
// setting's key, "No teams found. Check data loading.", the 404's line), it stays to the letter, with
// what it means and the next step right beside it. Each page is looked at on a desktop and a phone,
// checked by axe, and saved as a screenshot when SCREENSHOT_DIR is set.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { settingLabel } from '#shared/settings-rules.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { accessibleDescription, blockingViolations, browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';

// Screenshots for a person to look at, saved only when SCREENSHOT_DIR is set (a full-page PNG at each
// width costs the suite time every run): SCREENSHOT_DIR=/tmp/shots npx vitest run --project e2e tests/e2e/plain-words.test.ts
const SHOTS = process.env.SCREENSHOT_DIR ? join(process.env.SCREENSHOT_DIR, 'rc-plain-words') : null;
const WIDTHS = [1280, 390] as const;

/** Every setting the product reads, and one it does not (kept for the owner's own tools). */
const SETTINGS: Record<string, string> = {
  follow_up_after_days: '4',
  request_timing_tip: 'Ask before they leave.',
  staff_can_reply: 'true',
  sms_default_channel: 'email',
  sms_quiet_start: '20:00',
  sms_quiet_end: '08:00',
  phone_country: 'AU',
  challenge_start_date: '2026-01-05',
  crm_location_ref: 'abc-123',
};

describe.skipIf(!browserAvailable)('plain words beside the texts SPEC.md fixes', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    // No PUBLIC_URL, as `npm start` runs: the admin panel says what that means.
    [app, browser] = await Promise.all([startApp({ PUBLIC_URL: '' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function signedInPage(client: { cookie(name: string): string | undefined }): Promise<Page> {
    await browser.context.clearCookies();
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: client.cookie(SESSION_COOKIE)!, url: app.url }]);
    return browser.context.newPage();
  }

  /** At each width: the page as loaded (after `ready`), saved, and checked by axe. */
  async function lookAt(page: Page, path: string, name: string, ready: () => Promise<void>): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(app.url + path);
      await waitForIslands(page);
      await ready();
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} fits ${width} px`).toBe(true);
      const found = await blockingViolations(page);
      expect(found, `axe on ${name} at ${width} px:\n${found.join('\n')}`).toEqual([]);
    }
  }

  /** The words after an empty state's first sentence, or its link: what it means, or what to do. */
  async function besideTheHeadline(state: Locator): Promise<string> {
    const text = ((await state.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    const rest = text.replace(/^.*?[.:!?](\s|$)/, '').trim();
    const links = await state.locator('a[href], button').count();
    return links > 0 ? `${rest} [link]` : rest;
  }

  it('explains every setting of the admin panel under its label, says what the public address means, and tests with Google first', async () => {
    const { client, workspace } = await signUpAdmin(app, { businessName: 'Plainspoken Physio' });
    for (const [key, value] of Object.entries(SETTINGS)) expect((await client.request('PUT', `/api/settings/${key}`, { value })).status, key).toBe(200);
    const page = await signedInPage(client);
    const settings = page.locator('section[aria-labelledby="card-global-settings"]');
    await lookAt(page, `/${workspace.slug}/admin`, 'admin', () => settings.getByLabel('target reviews', { exact: true }).waitFor());

    const controls = settings.locator('input, select');
    expect(await controls.count()).toBeGreaterThan(Object.keys(SETTINGS).length + 3);
    for (const control of await controls.all()) {
      const id = (await control.getAttribute('id')) ?? (await control.getAttribute('value'));
      const description = await accessibleDescription(control);
      expect(description?.length ?? 0, `the help text of ${id}`).toBeGreaterThan(30);
    }
    // The labels SPEC.md makes from the keys stay as they are; the plain explanation is under them.
    for (const key of ['google_review_link', 'target_reviews', 'timezone', ...Object.keys(SETTINGS)]) {
      const control = settings.getByLabel(settingLabel(key), { exact: true });
      expect(await control.count(), key).toBe(1);
    }
    // What the setting does and where to find the value.
    const reviewLink = await accessibleDescription(settings.getByLabel('google review link', { exact: true }));
    expect(reviewLink).toContain('where customers write a Google review');
    expect(reviewLink).toContain('“Ask for reviews”');
    expect(await accessibleDescription(settings.getByLabel('crm location ref', { exact: true }))).toContain('Review Challenge itself does not use it');

    // No public address: what it means for the owner, and the step that fixes it.
    const notice = page.getByTestId('public-address-warning');
    expect(await notice.textContent()).toContain(`Links from this dashboard start with ${app.url}`);
    expect(await page.getByTestId('public-address-next-step').textContent()).toMatch(/Next step:.*PUBLIC_URL.*restarts it/);

    // A test review comes from Google unless chosen otherwise; the other source is named without jargon.
    const testReview = page.locator('section[aria-labelledby="card-test-review"]');
    expect(await testReview.getByRole('radio', { name: /Google/ }).isChecked()).toBe(true);
    expect(await testReview.textContent()).not.toMatch(/webhook|HighLevel action/i);
    expect(await testReview.getByRole('radio', { name: /Your CRM/ }).isChecked()).toBe(false);
    await page.close();
  });

  it('gives every empty list of a new admin panel a plain explanation or a next step', async () => {
    const { client, workspace } = await signUpAdmin(app, { businessName: 'Emptyfield Optometry' });
    const page = await signedInPage(client);
    await page.goto(`${app.url}/${workspace.slug}/admin`);
    await waitForIslands(page);
    await expect.poll(() => page.locator('[data-empty-state]').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(8);
    for (const state of await page.locator('[data-empty-state]').all()) {
      expect(await besideTheHeadline(state), (await state.textContent()) ?? '').not.toBe('');
    }
    await page.close();
  });

  it('says what an empty wallboard, review list, report and leaderboard mean, with the next step as a link', async () => {
    const { client, workspace } = await signUpAdmin(app, { businessName: 'Bare Shelves Bakery' });
    // No team shows: the Unknown card is hidden, and no other team was made yet.
    expect((await client.request('PUT', '/api/settings/show_unknown_team', { value: 'false' })).status).toBe(200);
    const page = await signedInPage(client);
    const slug = workspace.slug;

    await lookAt(page, `/${slug}`, 'wallboard-without-teams', () => page.getByText('No teams found. Check data loading.', { exact: true }).waitFor());
    const noTeams = page.locator('[data-empty-state]').filter({ hasText: 'No teams found. Check data loading.' });
    expect(await noTeams.textContent()).toContain('This wallboard has no teams to show yet');
    const addTeam = noTeams.getByRole('link', { name: 'Add your first team' });
    expect(await addTeam.getAttribute('href')).toBe(`/${slug}/admin#card-team-management`);
    await addTeam.click();
    await page.waitForURL((url) => url.pathname === `/${slug}/admin`);
    await page.getByRole('heading', { name: 'Team Management' }).waitFor();

    const pages: [string, string, string, string][] = [
      [`/${slug}/reviews`, 'reviews', 'No reviews yet', 'Log a review request'],
      [`/${slug}/gmb-reviews`, 'gmb-reviews', 'No reviews yet', 'admin panel'],
      [`/${slug}/requests-report`, 'requests-report', 'No review requests found', 'Log Request'],
      [`/${slug}/leaderboard`, 'leaderboard', 'No requests logged', 'Log Request'],
    ];
    for (const [path, name, headline, next] of pages) {
      const state = page.locator('[data-empty-state]').filter({ hasText: headline });
      await lookAt(page, path, name, () => state.first().waitFor());
      expect(await besideTheHeadline(state.first()), name).not.toBe('');
      expect(await state.first().getByRole('link', { name: next }).count(), `${name}: ${next}`).toBe(1);
    }
    await page.close();
  });

  it('keeps the 404 line and says, beside it, what happened and where to go', async () => {
    const { client, workspace } = await signUpAdmin(app, { businessName: 'Lostway Legal' });
    const page = await signedInPage(client);
    await lookAt(page, `/${workspace.slug}/no-such-page`, 'not-found-signed-in', () => page.getByRole('heading', { name: 'Page Not Found' }).waitFor());
    expect(await page.getByText('Did you forget to add the page to the router?', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('not-found-explained').textContent()).toContain('There is no page at this address');
    expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(`/${workspace.slug}`);
    await page.close();

    await browser.context.clearCookies();
    const visitor = await browser.context.newPage();
    await lookAt(visitor, '/docs/no-such-page', 'not-found', () => visitor.getByRole('heading', { name: 'Page Not Found' }).waitFor());
    expect(await visitor.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await visitor.close();
  });
});

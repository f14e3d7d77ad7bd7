// Issue 33, item 6: the admin panel was one 9,500 px page of about twenty cards. It is now six
// sections under a sticky menu, and every section and card has a deep link (/{slug}/admin#teams,
// /{slug}/admin#card-team-management) that lands on it: through the redirect to sign in and back,
// through the admin password, and while the cards above it load and grow.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { ADMIN_SECTIONS } from '#shared/admin-sections.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

/** The sticky section menu's height and then some: a landed heading sits just under it. */
const UNDER_MENU_PX = 140;

describe.skipIf(!browserAvailable)('the admin panel in sections, with deep links', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ DEFAULT_PLAN: 'team' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Where the element's top is in the window, once it has stayed put for a moment (the cards load). */
  const settledTop = async (page: Page, selector: string) => {
    let last = Number.NaN;
    await expect
      .poll(
        async () => {
          const top = await page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top));
          const still = top === last;
          last = top;
          return still;
        },
        { interval: 300, timeout: 10_000 },
      )
      .toBe(true);
    return last;
  };

  const expectLandedOn = async (page: Page, id: string) => {
    const top = await settledTop(page, `[id="${id}"]`);
    expect(top, `#${id} is at ${top} px`).toBeGreaterThanOrEqual(0);
    expect(top, `#${id} is at ${top} px`).toBeLessThanOrEqual(UNDER_MENU_PX);
  };

  it('brings a signed-out owner back to the card a link named, through sign-in and the admin password', async () => {
    const workspace = newWorkspace({ businessName: 'Harbourside Dental' });
    expect((await new Client(app.url, { origin: app.url }).post('/api/register', workspace)).status).toBe(201);
    await browser.context.clearCookies();
    const page = await browser.context.newPage();

    await page.goto(`${app.url}/${workspace.slug}/admin#card-email-templates`);
    // SPEC.md's redirect, to the letter; the browser keeps the #fragment.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe(`?slug=${workspace.slug}`);
    expect(new URL(page.url()).hash).toBe('#card-email-templates');
    await waitForIslands(page);
    await page.getByLabel('Password', { exact: true }).fill(workspace.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL((url) => url.pathname === `/${workspace.slug}/admin`, { timeout: 15_000 });
    expect(new URL(page.url()).hash).toBe('#card-email-templates');
    await waitForIslands(page);
    await page.getByLabel('Admin password').fill(workspace.adminPassword);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.getByRole('heading', { name: 'Email Templates' }).waitFor({ timeout: 15_000 });
    await waitForIslands(page);
    expect(new URL(page.url()).hash).toBe('#card-email-templates');
    await expectLandedOn(page, 'card-email-templates');

    // The kept page is used once: the next sign-in goes to the wallboard, as SPEC.md says.
    await page.goto(`${app.url}/login?slug=${workspace.slug}`);
    expect(new URL(page.url()).pathname).toBe(`/${workspace.slug}`);
    await page.close();
  });

  it('never sends a sign-in to another workspace’s page', async () => {
    const mine = newWorkspace();
    const theirs = newWorkspace();
    for (const w of [mine, theirs]) expect((await new Client(app.url, { origin: app.url }).post('/api/register', w)).status).toBe(201);
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/${theirs.slug}/admin#setup`);
    await waitForIslands(page);
    await page.getByLabel('Dashboard URL', { exact: true }).fill(mine.slug);
    await page.getByLabel('Password', { exact: true }).fill(mine.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === `/${mine.slug}`, { timeout: 15_000 });
    await page.close();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width} px, lands each set-up step's link on its card, and each section of the menu on its section`, async () => {
      const { client, workspace } = await signUpAdmin(app);
      await browser.context.clearCookies();
      await browser.context.addCookies([{ name: SESSION_COOKIE, value: client.cookie(SESSION_COOKIE)!, url: app.url }]);
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${app.url}/${workspace.slug}/admin`);
      await waitForIslands(page);

      // Every card, each in its section, none left out.
      expect(await page.locator('main section[aria-labelledby^="card-"]').count()).toBe(22);
      for (const section of ADMIN_SECTIONS) {
        for (const card of section.cards) expect(await page.locator(`#${section.id} [id="${card}"]`).count(), `${card} in #${section.id}`).toBe(1);
      }

      const links = await page
        .getByTestId('setup-checklist')
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(links.map((href) => href.split('#')[1])).toEqual([
        'card-team-management',
        'card-global-settings',
        'card-global-settings',
        'card-email-templates',
        'card-wallboard-share-links',
        'card-test-review',
      ]);
      // Opened from elsewhere (the wallboard's set-up strip): a page load that lands on the card.
      for (const href of new Set(links)) {
        await page.goto(app.url + href);
        await waitForIslands(page);
        await expectLandedOn(page, href.split('#')[1]!);
      }

      await page.goto(`${app.url}/${workspace.slug}/admin`);
      await waitForIslands(page);
      const menu = page.getByRole('navigation', { name: 'Admin sections' });
      expect(await menu.getByRole('link').allTextContents()).toEqual(ADMIN_SECTIONS.map((s) => s.label));
      for (const section of [...ADMIN_SECTIONS].reverse()) {
        await menu.getByRole('link', { name: section.label, exact: true }).click();
        expect(new URL(page.url()).hash).toBe(`#${section.id}`);
        await expectLandedOn(page, section.id);
        await expect.poll(() => menu.getByRole('link', { name: section.label, exact: true }).getAttribute('aria-current')).toBe('location');
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.close();
    });
  }

  // axe over the whole admin panel, its section menu and headings included, at 1280 and 390 px: tests/e2e/plain-words.test.ts.
});

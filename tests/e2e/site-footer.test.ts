// Issue 33, item 10 (decision 067): every public page links to what is stored about customers, the
// terms, and a way to reach whoever runs the server (CONTACT_EMAIL), or says honestly that there is
// none; "Book a walkthrough" is offered only where someone can be written to, the demo otherwise.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_SIZE } from '#domain/integrations/crm/delivery-log.ts';
import { reviewRequests } from '#platform/db/schema.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { blockingViolations, browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { insertRequest } from '../helpers/seed-requests.ts';

// Screenshots for a person to look at, saved only when SCREENSHOT_DIR is set (a full-page PNG at each
// width costs the suite time every run): SCREENSHOT_DIR=/tmp/shots npx vitest run --project e2e tests/e2e/site-footer.test.ts
const SHOTS = process.env.SCREENSHOT_DIR ? join(process.env.SCREENSHOT_DIR, 'rc-site-footer') : null;
const CONTACT = 'hello@reviews.example';

/** A customer's review page (/r/{token}) of a new workspace's request. */
async function reviewPagePath(app: TestApp): Promise<string> {
  const { workspaceId } = await signUpAdmin(app, { businessName: 'Footnote Florist' });
  const id = await insertRequest(app, workspaceId);
  const [row] = await app.database.db.select({ token: reviewRequests.token }).from(reviewRequests).where(eq(reviewRequests.id, id));
  return `/r/${row!.token}`;
}

/** The public pages, each with its site links: landing, sign-in pages, legal pages, a customer's pages, the 404. */
const publicPaths = (reviewPage: string) => [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/privacy',
  '/terms',
  reviewPage,
  '/r/no-such-token',
  '/docs/no-such-page',
];

async function siteLinksOf(page: Page, path: string) {
  const links = page.getByTestId('site-links');
  expect(await links.count(), `${path} has the site links once`).toBe(1);
  const nav = links.getByRole('navigation', { name: 'About this site' });
  expect(await nav.getByRole('link', { name: 'Privacy', exact: true }).getAttribute('href'), path).toBe('/privacy');
  expect(await nav.getByRole('link', { name: 'Terms', exact: true }).getAttribute('href'), path).toBe('/terms');
  return links;
}

describe.skipIf(!browserAvailable)('the site footer, with no contact address set', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('links every public page to Privacy and Terms, and says honestly that no contact address is published', async () => {
    const page = await browser.context.newPage();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of publicPaths(await reviewPagePath(app))) {
        await page.goto(app.url + path);
        await waitForIslands(page);
        const links = await siteLinksOf(page, path);
        expect(await links.getByTestId('site-contact').textContent(), path).toContain('No contact address is published for this server');
        expect(await page.locator('a[href^="mailto:"]').count(), `${path}: no dead contact link`).toBe(0);
        const name = path.startsWith('/r/') && path !== '/r/no-such-token' ? 'review-page' : path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';
        if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
        const found = await blockingViolations(page, '[data-testid="site-links"]');
        expect(found, `axe on the site links of ${path} at ${width} px:\n${found.join('\n')}`).toEqual([]);
      }
    }
    await page.close();
  });

  it('offers the demo, not a walkthrough nobody could book', async () => {
    const page = await browser.context.newPage();
    await page.goto(app.url + '/');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByText('Book a walkthrough').count()).toBe(0);
    await footer.getByRole('link', { name: 'Walk through the demo' }).click();
    await page.waitForURL((url) => url.pathname === '/demo');
    await page.close();
  });

  it('has privacy and terms pages that say what is kept and for how long, readable on a phone, with no axe violation', async () => {
    const page = await browser.context.newPage();
    for (const [path, heading] of [
      ['/privacy', 'Privacy: what this server keeps about you'],
      ['/terms', 'Terms of use'],
    ] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const res = await page.goto(app.url + path);
        expect(res?.status(), path).toBe(200);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        if (SHOTS) await page.screenshot({ path: join(SHOTS, `${path.slice(1)}-${width}.png`), fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} fits ${width} px`).toBe(true);
        const found = await blockingViolations(page);
        expect(found, `axe on ${path} at ${width} px:\n${found.join('\n')}`).toEqual([]);
      }
    }
    await page.goto(app.url + '/privacy');
    const text = (await page.locator('main').textContent())!.replace(/\s+/g, ' ');
    for (const fact of [
      'your first and last name, your email address and/or mobile number',
      'the time you first opened the link',
      'Until the business deletes it, or its dashboard is removed',
      `last ${LOG_SIZE} deliveries`,
      "sign-in sessions of the business's staff: 30 days; password reset links: 1 hour",
    ]) {
      expect(text).toContain(fact);
    }
    // The customer's own pages lead here.
    await page.goto(app.url + '/login');
    await page.getByRole('link', { name: 'Privacy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/privacy');
    await page.getByRole('link', { name: 'Terms', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/terms');
    await page.close();
  });

  it('serves them to a signed-in visitor too, without sending them to their dashboard', async () => {
    const { client } = await signUpAdmin(app, { businessName: 'Signed In Salon' });
    for (const path of ['/privacy', '/terms']) expect((await client.get(path)).status, path).toBe(200);
  });
});

describe.skipIf(!browserAvailable)('the site footer, with CONTACT_EMAIL set', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ CONTACT_EMAIL: CONTACT }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('gives every public page the contact address, and the landing page a walkthrough to book by email', async () => {
    const page = await browser.context.newPage();
    for (const path of publicPaths(await reviewPagePath(app))) {
      await page.goto(app.url + path);
      const links = await siteLinksOf(page, path);
      expect(await links.getByRole('link', { name: 'Contact', exact: true }).getAttribute('href'), path).toBe(`mailto:${CONTACT}`);
      expect(await links.getByTestId('site-contact').textContent(), path).toContain(`Questions? Email ${CONTACT}`);
    }
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(app.url + '/');
      await waitForIslands(page);
      const footer = page.getByRole('contentinfo');
      const walkthrough = footer.getByRole('link', { name: 'Book a walkthrough' });
      expect(await walkthrough.getAttribute('href')).toBe(`mailto:${CONTACT}?subject=A%20walkthrough%20of%20Review%20Challenge`);
      expect(await footer.getByText('Walk through the demo').count()).toBe(0);
      await footer.scrollIntoViewIfNeeded();
      if (SHOTS) await footer.screenshot({ path: join(SHOTS, `landing-footer-${width}.png`) });
      const found = await blockingViolations(page, 'footer');
      expect(found, `axe on the landing footer at ${width} px:\n${found.join('\n')}`).toEqual([]);
    }
    await page.goto(app.url + '/privacy');
    expect(await page.locator('main').getByRole('link', { name: CONTACT }).getAttribute('href')).toBe(`mailto:${CONTACT}`);
    await page.close();
  });
});

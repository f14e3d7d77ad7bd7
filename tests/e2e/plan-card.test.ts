// Issue 12: the admin panel's Plan & billing card in a browser: the plan, the trial's days, every
// plan's price and limits, and the way to change plan with and without Stripe set up.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { workspaces } from '#platform/db/schema.ts';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from '../fakes/stripe-server.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, toast, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

/** Where the card's screenshots go (looked at by hand: does it look finished at both widths?). */
const SCREENSHOT_DIR = process.env.PLAN_CARD_SCREENSHOTS ?? tmpdir();

async function adminSession(app: TestApp, plan?: string) {
  const client = new Client(app.url, { origin: app.url });
  const details = newWorkspace({ businessName: 'Acme Accounting' });
  expect((await client.post('/api/register', { ...details, ...(plan ? { plan } : {}) })).status).toBe(201);
  expect((await client.post('/api/auth/admin', { password: details.adminPassword })).status).toBe(200);
  return { details, cookie: client.cookie(SESSION_COOKIE)! };
}

async function openAdmin(browser: LaunchedBrowser, app: TestApp, cookie: string, path: string): Promise<Page> {
  await browser.context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: app.url }]);
  const page = await browser.context.newPage();
  await page.goto(`${app.url}${path}`);
  await waitForIslands(page);
  return page;
}

const card = (page: Page) => page.getByRole('region', { name: 'Plan & billing' });

describe.skipIf(!browserAvailable)('the Plan & billing card without Stripe', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser({ viewport: { width: 1280, height: 900 } })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the plan, the days of its trial, every plan with its price, and plain words on how to change it', async () => {
    const { details, cookie } = await adminSession(app, 'team');
    const page = await openAdmin(browser, app, cookie, `/${details.slug}/admin`);
    const plan = card(page);
    await expect.poll(() => plan.getByTestId('plan-current').textContent()).toBe('Team');
    expect(await plan.getByTestId('plan-trial').textContent()).toBe('Trial: 14 days left');
    expect(await plan.getByTestId('plan-row-team').getAttribute('aria-current')).toBe('true');
    expect(await plan.getByTestId('plan-price-starter').textContent()).toBe('A$499 per month');
    expect(await plan.getByTestId('plan-price-team').textContent()).toBe('A$899 per month');
    expect(await plan.getByTestId('plan-price-agency').textContent()).toBe('A$1499 per month');
    expect(await plan.getByTestId('plan-price-free').textContent()).toBe('No charge');
    expect(await plan.getByText('Prices are in AUD and VAT/GST may apply.').isVisible()).toBe(true);
    for (const line of [
      'No request logging',
      'No Google connection',
      'Manual review matching',
      'Client branding',
      'Up to 10 wallboards',
      'Up to 5 teams per wallboard',
      'Branding per wallboard',
    ]) {
      expect(await plan.getByText(line, { exact: true }).first().isVisible()).toBe(true);
    }
    expect(await plan.getByTestId('plan-no-billing').textContent()).toContain(
      'Online payment is not set up on this server. Ask whoever runs it to change your plan.',
    );
    // No button to pay, and nothing meant for the operator.
    expect(await plan.getByRole('button').count()).toBe(0);
    expect(await plan.textContent()).not.toMatch(/STRIPE_|npm run|environment/i);

    await plan.scrollIntoViewIfNeeded();
    await plan.screenshot({ path: join(SCREENSHOT_DIR, 'plan-card-1280.png') });
    await page.setViewportSize({ width: 390, height: 900 });
    await plan.screenshot({ path: join(SCREENSHOT_DIR, 'plan-card-390.png') });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.close();
  });

  it('says when the trial has ended and the workspace is on the free plan', async () => {
    const { details, cookie } = await adminSession(app, 'agency');
    await app.database.db
      .update(workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(workspaces.slug, details.slug));
    const page = await openAdmin(browser, app, cookie, `/${details.slug}/admin`);
    const plan = card(page);
    await expect.poll(() => plan.getByTestId('plan-current').textContent()).toBe('Free');
    expect(await plan.getByTestId('plan-trial').textContent()).toBe('Trial ended');
    expect(await plan.getByText('Your trial has ended, so you are on the Free plan.', { exact: false }).isVisible()).toBe(true);
    await page.close();
  });

  it('says so with a toast when the owner comes back from a cancelled checkout, and cleans the address', async () => {
    const { details, cookie } = await adminSession(app);
    const page = await openAdmin(browser, app, cookie, `/${details.slug}/admin?billing=cancelled`);
    await expect.poll(() => toast(page, 'Checkout cancelled').isVisible()).toBe(true);
    expect(page.url()).toBe(`${app.url}/${details.slug}/admin`);
    await page.close();
  });
});

describe.skipIf(!browserAvailable)('the Plan & billing card with Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_e2e_plan_card';
  let app: TestApp;
  let fake: FakeStripe;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    fake = await startFakeStripe();
    [app, browser] = await Promise.all([startApp(fakeStripeEnv(fake, WEBHOOK_SECRET)), launchBrowser({ viewport: { width: 1280, height: 900 } })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await fake?.close();
  });

  it('offers a button per plan that goes to Stripe Checkout, and thanks the owner on return', async () => {
    const { details, cookie } = await adminSession(app, 'team');
    const page = await openAdmin(browser, app, cookie, `/${details.slug}/admin`);
    const plan = card(page);
    await expect.poll(() => plan.getByTestId('plan-current').textContent()).toBe('Team');
    expect(await plan.getByTestId('plan-no-billing').count()).toBe(0);
    for (const name of ['Switch to Starter', 'Subscribe to Team', 'Upgrade to Agency']) expect(await plan.getByRole('button', { name }).isVisible()).toBe(true);
    expect(await plan.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);
    await plan.scrollIntoViewIfNeeded();
    await plan.screenshot({ path: join(SCREENSHOT_DIR, 'plan-card-stripe-1280.png') });
    await page.setViewportSize({ width: 390, height: 900 });
    await plan.screenshot({ path: join(SCREENSHOT_DIR, 'plan-card-stripe-390.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(`${fake.url}/c/pay/cs_test_`), { waitUntil: 'commit' }),
      plan.getByRole('button', { name: 'Upgrade to Agency' }).click(),
    ]);
    expect([...fake.sessionPrices.values()].at(-1)).toBe('price_fake_agency');

    const back = await openAdmin(browser, app, cookie, `/${details.slug}/admin?billing=success`);
    await expect.poll(() => toast(back, 'Payment received').isVisible()).toBe(true);
    expect(back.url()).toBe(`${app.url}/${details.slug}/admin`);
    await page.close();
    await back.close();
  });
});

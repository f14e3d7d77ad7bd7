// Issue 12's acceptance: axe finds no serious or critical accessibility problem on the public pages,
// the demo (also while it celebrates) and a workspace's wallboard.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { blockingViolations, browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

async function expectAccessible(page: Page, what: string): Promise<void> {
  const found = await blockingViolations(page);
  expect(found, `axe on ${what}:\n${found.join('\n')}`).toEqual([]);
}

describe.skipIf(!browserAvailable)('accessibility (axe)', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each(['/', '/login', '/register', '/register?plan=team'])('%s has no serious or critical violation', async (path) => {
    const page = await browser.context.newPage();
    try {
      expect((await page.goto(app.url + path))?.status()).toBe(200);
      await waitForIslands(page);
      await expectAccessible(page, path);
    } finally {
      await page.close();
    }
  });

  it.each(['/', '/demo'])('%s has none on a phone either', async (path) => {
    const page = await browser.context.newPage();
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(app.url + path);
      await waitForIslands(page);
      await expectAccessible(page, `${path} on a phone`);
    } finally {
      await page.close();
    }
  });

  it('/demo has none, on the board and during a celebration', async () => {
    const page = await browser.context.newPage();
    try {
      await page.goto(app.url + '/demo');
      await waitForIslands(page);
      await expectAccessible(page, '/demo');
      const overlay = page.getByTestId('celebration-overlay');
      await expect.poll(() => overlay.isVisible(), { timeout: 10_000, interval: 100 }).toBe(true);
      await expectAccessible(page, '/demo during a celebration');
    } finally {
      await page.close();
    }
  });

  it("a workspace's wallboard has none", async () => {
    const admin = new Client(app.url);
    const workspace = newWorkspace({ businessName: 'Axe Accounting' });
    expect((await admin.post('/api/register', workspace)).status).toBe(201);
    await admin.post('/api/auth/admin', { password: workspace.adminPassword });
    await admin.post('/api/teams', { name: 'Front Desk', color: '#F59E0B' });
    await admin.post('/api/test-review', { reviewerName: 'Sam Lee', rating: 5, reviewText: 'Wonderful service', source: 'google' });

    const signedIn = await launchBrowser();
    try {
      await signedIn.context.addCookies([{ name: SESSION_COOKIE, value: admin.cookie(SESSION_COOKIE)!, url: app.url }]);
      const page = await signedIn.context.newPage();
      await page.goto(`${app.url}/${workspace.slug}`);
      await waitForIslands(page);
      await expect.poll(() => page.getByText('Live', { exact: true }).isVisible()).toBe(true);
      await expectAccessible(page, `/${workspace.slug}`);
    } finally {
      await signedIn.close();
    }
  });

  it('the log form with a text message chosen, and the SMS card, have none (desktop and phone)', async () => {
    const admin = new Client(app.url);
    const workspace = newWorkspace({ businessName: 'Axe Dental' });
    expect((await admin.post('/api/register', workspace)).status).toBe(201);
    await admin.post('/api/auth/admin', { password: workspace.adminPassword });
    await admin.post('/api/teams', { name: 'Front Desk' });
    await admin.post('/api/email-templates', { name: 'Thanks', subject: 'Thanks {firstName}', htmlContent: '<p>Hi {firstName}</p>' });
    // Stored only: nothing is sent while the card and the form are looked at.
    const saved = await admin.request('PUT', '/api/admin/sms', { accountSid: `AC${'a'.repeat(32)}`, authToken: 'b'.repeat(32), from: '+61400000000' });
    expect(saved.status).toBe(200);

    const signedIn = await launchBrowser();
    try {
      await signedIn.context.addCookies([{ name: SESSION_COOKIE, value: admin.cookie(SESSION_COOKIE)!, url: app.url }]);
      const page = await signedIn.context.newPage();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${app.url}/${workspace.slug}/review-request`);
        await waitForIslands(page);
        await page.getByText('Text message', { exact: true }).first().click();
        await page.getByLabel('Customer Mobile').fill('0412 345 678');
        await page.getByLabel('Customer First Name').fill('Sarah');
        await expect.poll(() => page.getByText(/characters, 1 message/).isVisible()).toBe(true);
        // A text by itself asks for no email.
        expect(await page.getByLabel('Customer Email').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await expectAccessible(page, `the log form with a text chosen, ${width} px`);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${app.url}/${workspace.slug}/admin`);
      await waitForIslands(page);
      await expect.poll(() => page.getByText('Connected', { exact: true }).first().isVisible()).toBe(true);
      await page.locator('section[aria-labelledby="card-sms"]').scrollIntoViewIfNeeded();
      await expectAccessible(page, 'the admin panel with the SMS card');
    } finally {
      await signedIn.close();
    }
  });
});

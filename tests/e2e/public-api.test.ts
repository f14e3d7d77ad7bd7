// Issue 15 point 3 in a browser: the admin panel's API keys card (create, shown once, revoke) and the
// API reference at /docs/api, rendered from the product alone under its Content-Security-Policy.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { blockingViolations, browserAvailable, launchBrowser, toast, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

/** Set to a folder to keep screenshots of the card (desktop and phone) and of the reference. */
const SCREENSHOT_DIR = process.env.API_SCREENSHOTS;

async function adminSession(app: TestApp) {
  const client = new Client(app.url, { origin: app.url });
  const details = newWorkspace({ businessName: 'Harbourside Dental' });
  expect((await client.post('/api/register', details)).status).toBe(201);
  expect((await client.post('/api/auth/admin', { password: details.adminPassword })).status).toBe(200);
  return { details, client, cookie: client.cookie(SESSION_COOKIE)! };
}

const card = (page: Page) => page.getByRole('region', { name: 'API keys' });

describe.skipIf(!browserAvailable)('public API in a browser', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ DEFAULT_PLAN: 'team' }), launchBrowser({ viewport: { width: 1280, height: 900 } })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the API keys card creates a key, shows it once, lists it and revokes it', async () => {
    const { details, client, cookie } = await adminSession(app);
    await client.post('/api/admin/api-keys', { name: 'Reporting', scope: 'read' });
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: app.url }]);
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/${details.slug}/admin`);
    await waitForIslands(page);
    const keys = card(page);
    await keys.getByLabel('Key name').fill('CRM integration');
    await keys.getByLabel('Access').selectOption('write');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const shown = keys.getByTestId('api-key');
    await expect.poll(() => shown.textContent()).toMatch(/^rc_live_/);
    expect(await keys.getByText('you will not see it again').isVisible()).toBe(true);
    const key = (await shown.textContent())!;
    expect(await keys.getByRole('listitem').filter({ hasText: 'CRM integration' }).getByText('Read and write').isVisible()).toBe(true);
    expect(await keys.getByText(`${key.slice(0, 12)}…`).isVisible()).toBe(true);
    expect((await new Client(app.url, { authorization: `Bearer ${key}` }).get('/api/v1/teams')).status).toBe(200);

    // axe: nothing serious or critical in the card, with the new key shown.
    expect(await blockingViolations(page, 'section[aria-labelledby="card-api-keys"]')).toEqual([]);

    if (SCREENSHOT_DIR) {
      await keys.scrollIntoViewIfNeeded();
      await keys.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-desktop.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await keys.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-phone.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    page.once('dialog', (dialog) => void dialog.accept());
    await keys.getByRole('listitem').filter({ hasText: 'CRM integration' }).getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'API key revoked').waitFor();
    expect(await keys.getByText('CRM integration', { exact: true }).count()).toBe(0);
    expect((await new Client(app.url, { authorization: `Bearer ${key}` }).get('/api/v1/teams')).status).toBe(401);
    await page.close();
  });

  it('/docs/api renders the reference of every operation from the product alone', async () => {
    const page = await browser.context.newPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(app.url) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) elsewhere.push(request.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/docs/api`);
    await page.getByRole('heading', { name: 'Review Challenge API', exact: true }).waitFor({ timeout: 20_000 });
    // The sidebar names every group of operations; the first is open.
    const sidebar = page.getByRole('navigation').first();
    for (const tag of ['Teams', 'Staff', 'Review requests', 'Reviews', 'Dashboard']) await sidebar.getByText(tag, { exact: true }).first().waitFor();
    await sidebar.getByText('List teams').waitFor();
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/api-docs.png` });
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

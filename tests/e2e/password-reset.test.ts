// A forgotten password, as the owner meets it in Chromium: /login, "Forgot password?", the email,
// the link, new passwords, and signing in with them. Also the Account card of the admin panel.
// With SCREENSHOT_DIR set, the forgot form, the reset page and the Account card are saved there at
// 1280 and 390 px wide, to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, toast, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
const WIDTHS = [1280, 390] as const;

describe.skipIf(!browserAvailable)('password reset and the Account card in the browser', () => {
  let sink: SmtpSink;
  let app: TestApp;
  let browser: LaunchedBrowser;
  let page: Page;

  const at = (path: string) => app.url + path;

  async function shoot(name: string, locator?: ReturnType<Page['locator']>) {
    if (!SCREENSHOT_DIR) return;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const original = page.viewportSize()!;
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      const path = join(SCREENSHOT_DIR, `${name}-${width}.png`);
      if (locator) await locator.screenshot({ path });
      else await page.screenshot({ path, fullPage: true });
    }
    await page.setViewportSize(original);
  }

  async function registered(overrides: Record<string, string> = {}) {
    const client = new Client(app.url);
    const workspace = newWorkspace(overrides);
    expect((await client.post('/api/register', workspace)).status).toBe(201);
    return { client, workspace };
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    [app, browser] = await Promise.all([startApp({ SMTP_URL: sink.url }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sink?.stop();
  });
  beforeEach(async () => {
    await browser.context.clearCookies();
    page = await browser.context.newPage();
  });
  afterEach(async () => {
    await page.close();
  });

  it('from /login: "Forgot password?", the mail, the link, a new password, and signing in with it', async () => {
    const { workspace } = await registered({ businessName: 'Harbourside Dental', email: 'owner@harbourside.example' });
    await page.goto(at(`/login?slug=${workspace.slug}`));
    await waitForIslands(page);
    await shoot('login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await waitForIslands(page);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await page.getByLabel('Dashboard URL', { exact: true }).inputValue()).toBe(workspace.slug);

    // The form's own checks first.
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Valid email required').waitFor();
    await page.getByLabel('Admin Email', { exact: true }).fill('owner@harbourside.example');
    await shoot('forgot-form');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const confirmation = page.getByTestId('forgot-confirmation');
    await confirmation.waitFor();
    const shownText = await confirmation.textContent();
    await shoot('forgot-sent');

    const message = await sink.waitForMessage((m) => m.envelope.to.includes('owner@harbourside.example'));
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(message.mail.text ?? '')![0];

    // A wrong email shows the very same confirmation.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('Admin Email', { exact: true }).fill('someone@else.example');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    expect(await confirmation.textContent()).toBe(shownText);

    await page.goto(link);
    await waitForIslands(page);
    await page.getByRole('heading', { name: 'Choose new passwords' }).waitFor();
    await page.getByText('Harbourside Dental').first().waitFor();
    await page.getByLabel('New Staff Password', { exact: true }).fill('brand-new-staff');
    await page.getByLabel('Confirm Staff Password', { exact: true }).fill('brand-new-stuff');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText("Staff passwords don't match").waitFor();
    await page.getByLabel('Confirm Staff Password', { exact: true }).fill('brand-new-staff');
    await shoot('reset-form');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Password changed').waitFor();
    await shoot('reset-done');

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await waitForIslands(page);
    expect(await page.getByLabel('Dashboard URL', { exact: true }).inputValue()).toBe(workspace.slug);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-staff');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === `/${workspace.slug}`);

    // The link was used up: opening it again says so.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset link expired' }).waitFor();
    await page.getByText('This reset link has expired or was already used. Ask for a new one.').waitFor();
    await shoot('reset-expired');
  });

  it('the Account card changes the business name, the admin email and a password, with toasts', async () => {
    const { client, workspace } = await registered({ businessName: 'Acme Accounting' });
    expect((await client.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: client.cookie(SESSION_COOKIE)!, url: app.url }]);
    await page.goto(at(`/${workspace.slug}/admin`));
    await waitForIslands(page);
    const card = page.getByRole('region', { name: 'Account', exact: true });
    await card.scrollIntoViewIfNeeded();
    await shoot('account-card', card);

    await card.getByLabel('Business Name', { exact: true }).fill('A');
    await card.getByRole('button', { name: 'Save details' }).click();
    await card.getByText('Business name is required').waitFor();
    await card.getByLabel('Business Name', { exact: true }).fill('Acme Advisory');
    await card.getByLabel('Admin Email', { exact: true }).fill('boss@acme.example');
    await card.getByRole('button', { name: 'Save details' }).click();
    // A new admin email needs the current admin password (issue 27, item 5).
    await card.getByText('Enter your current admin password to confirm this change').waitFor();
    await card.locator('#account-currentAdminPassword').fill('not-it');
    await card.getByRole('button', { name: 'Save details' }).click();
    await card.getByText('The current admin password is incorrect').first().waitFor();
    await card.locator('#account-currentAdminPassword').fill(workspace.adminPassword);
    await card.getByRole('button', { name: 'Save details' }).click();
    await toast(page, 'Account updated').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Acme Advisory' }).waitFor();

    await card.getByLabel('New Admin Panel Password', { exact: true }).fill('12345');
    await card.getByRole('button', { name: 'Change admin password' }).click();
    await card.getByText('Admin password must be at least 6 characters').waitFor();
    await card.getByLabel('New Admin Panel Password', { exact: true }).fill('another-admin');
    await card.getByLabel('Confirm Admin Password', { exact: true }).fill('another-admin');
    await card.locator('#account-admin-currentAdminPassword').fill(workspace.adminPassword);
    await shoot('account-card-filled', card);
    await card.getByRole('button', { name: 'Change admin password' }).click();
    await toast(page, 'Admin password changed').waitFor();
    expect(await card.getByLabel('New Admin Panel Password', { exact: true }).inputValue()).toBe('');

    const other = new Client(app.url);
    expect((await other.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    expect((await other.post('/api/auth/admin', { password: 'another-admin' })).status).toBe(200);
  });
});

// Issue 33, item 5: the landing page promises ready-made email templates and phone scripts. A new
// workspace is offered three in the Email Templates card, added with one click and edited like any
// other, and every template can be previewed as the customer will get it, in a sandboxed frame.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { blockingViolations, browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import type { Client } from '../helpers/client.ts';

describe.skipIf(!browserAvailable)('ready-made email templates and the email preview', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ DEFAULT_PLAN: 'team' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function openAdmin(client: Client, slug: string): Promise<Page> {
    await browser.context.clearCookies();
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: client.cookie(SESSION_COOKIE)!, url: app.url }]);
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/${slug}/admin`);
    await waitForIslands(page);
    return page;
  }

  const card = (page: Page) => page.locator('section[aria-labelledby="card-email-templates"]');

  it('offers three ready-made templates to a new workspace, previews one as the customer sees it, and adds all three, editable', async () => {
    const { client, workspace } = await signUpAdmin(app, { businessName: 'Harbourside Dental' });
    const page = await openAdmin(client, workspace.slug);
    const templates = card(page);
    const ready = templates.getByTestId('ready-templates');
    await ready.waitFor();
    expect(await ready.locator('[data-ready-template]').allTextContents()).toEqual([
      expect.stringContaining('Friendly thank-you'),
      expect.stringContaining('Short and simple'),
      expect.stringContaining('After an appointment'),
    ]);
    // SPEC.md's create form is still there while fewer than 3 templates exist.
    expect(await templates.getByRole('form', { name: 'New email template' }).isVisible()).toBe(true);

    // The preview: the whole email, names filled with samples, in a frame that runs nothing.
    await ready.getByRole('button', { name: 'Preview After an appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email preview' });
    await expect.poll(() => dialog.getByTestId('email-preview-subject').textContent()).toBe('How was your appointment, Sarah?');
    expect(await dialog.textContent()).toContain('Harbourside Dental');
    const frame = dialog.getByTestId('email-preview-frame');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const email = page.frameLocator('[data-testid="email-preview-frame"]');
    expect(await email.getByText('Thank you for your appointment with Harbourside Dental today.', { exact: false }).isVisible()).toBe(true);
    const button = email.getByRole('link', { name: 'Leave a review' });
    expect(await button.isVisible()).toBe(true);
    // The email's own inline styles apply under the panel's Content-Security-Policy.
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(79, 70, 229)');
    expect(await frame.evaluate((el) => (el as HTMLIFrameElement).contentDocument)).toBeNull();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The email itself is the customer's, in a frame that runs nothing (and so not axe).
      const found = await blockingViolations(page, undefined, '[data-testid="email-preview-frame"]');
      expect(found, `axe with the preview open at ${width} px:\n${found.join('\n')}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await ready.getByRole('button', { name: 'Add all three' }).click();
    const list = templates.getByRole('list', { name: 'Email templates' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    expect(await templates.getByTestId('ready-templates').count()).toBe(0);
    expect(await list.getByText('Includes a phone script').count()).toBe(3);
    // SPEC.md's excerpt of the HTML stays, with the Preview beside it.
    expect(await list.getByText('<p>Hi {firstName},</p>', { exact: false }).count()).toBe(3);
    expect(await templates.getByRole('form', { name: 'New email template' }).count()).toBe(0);
    await expect
      .poll(() => page.locator('[data-testid="setup-checklist"] [data-step="email_template"]').getAttribute('data-done'), { timeout: 10_000 })
      .toBe('yes');
    // The focus is on the first one's Edit, to make it your own.
    const edit = templates.getByRole('button', { name: 'Edit Friendly thank-you' });
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);

    await templates.getByRole('button', { name: 'Edit Short and simple' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Email Template' });
    await editor.getByLabel('Subject').fill('One minute, {firstName}?');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => list.textContent()).toContain('One minute, {firstName}?');
    await list.getByRole('button', { name: 'Preview Short and simple' }).click();
    await expect.poll(() => dialog.getByTestId('email-preview-subject').textContent()).toBe('One minute, Sarah?');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Staff find them on the log form, with their phone scripts and timing cues.
    await page.goto(`${app.url}/${workspace.slug}/review-request`);
    await waitForIslands(page);
    await page.getByLabel('Email Template', { exact: true }).selectOption({ label: 'After an appointment' });
    await expect.poll(() => page.getByTestId('phone-script').textContent()).toContain("I'm calling to check your appointment went well today.");
    expect(await page.getByTestId('timing-tip').textContent()).toContain('Ask at the front desk as they leave');
    await page.close();
  });

  it('offers them to a workspace that has its own templates, one at a time while there is room', async () => {
    const { client, workspace } = await signUpAdmin(app);
    expect((await client.post('/api/email-templates', { name: 'Our own', subject: 'Hi {firstName}', htmlContent: '<p>Hi</p>' })).status).toBe(201);
    const page = await openAdmin(client, workspace.slug);
    const ready = card(page).getByTestId('ready-templates');
    await ready.waitFor();
    expect(await ready.locator('[data-ready-template]').count()).toBe(3);
    // Room for two: no "Add all three".
    expect(await ready.getByRole('button', { name: /^Add (all three|both)$/ }).count()).toBe(0);
    await ready.getByRole('button', { name: 'Add Short and simple' }).click();
    await expect.poll(() => ready.locator('[data-ready-template]').count()).toBe(2);
    await ready.getByRole('button', { name: 'Add Friendly thank-you' }).click();
    await expect.poll(() => card(page).getByTestId('ready-templates').count()).toBe(0);
    expect(await card(page).getByRole('list', { name: 'Email templates' }).getByRole('listitem').count()).toBe(3);
    await page.close();
  });
});

// Issue 15 points 2 and 5 in a browser: the admin panel's Slack and Teams alerts card (a URL saved
// write-only, a test message that reaches the receiver, a refused URL explained) and the Webhooks card
// (an endpoint added, its signing secret shown once, a test delivery).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { AlertReceiver } from '../fakes/alert-receiver.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { blockingViolations, browserAvailable, launchBrowser, toast, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

const seriousViolations = (page: Page, cardId: string) => blockingViolations(page, `section[aria-labelledby="${cardId}"]`);

describe.skipIf(!browserAvailable)('alerts and webhooks in the admin panel', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;
  let slack: AlertReceiver;

  beforeAll(async () => {
    slack = await new AlertReceiver('slack').start();
    [app, browser] = await Promise.all([
      startApp({ DEFAULT_PLAN: 'team', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' }),
      launchBrowser({ viewport: { width: 1280, height: 900 } }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await slack?.stop();
  });

  async function adminPanel(): Promise<Page> {
    const client = new Client(app.url, { origin: app.url });
    const details = newWorkspace({ businessName: 'Harbourside Dental' });
    expect((await client.post('/api/register', details)).status).toBe(201);
    expect((await client.post('/api/auth/admin', { password: details.adminPassword })).status).toBe(200);
    await browser.context.clearCookies();
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: client.cookie(SESSION_COOKIE)!, url: app.url }]);
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/${details.slug}/admin`);
    await waitForIslands(page);
    return page;
  }

  it('saves a Slack URL without showing it again, sends a test message, and explains a refused URL', async () => {
    const page = await adminPanel();
    const card = page.getByRole('region', { name: 'Slack and Teams alerts' });
    const input = card.getByLabel('Teams webhook URL');
    await input.fill('teams webhook');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card.getByText('Enter a Teams workflow webhook URL').isVisible()).toBe(true);
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await input.fill('');
    await card.getByLabel('Slack webhook URL').fill(slack.url);
    await card.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Alerts saved').waitFor();
    await expect.poll(() => card.getByText('Connected').isVisible()).toBe(true);
    expect(await card.getByLabel('Slack webhook URL').inputValue()).toBe('');
    expect(await page.content()).not.toContain(slack.url);

    const before = slack.posts.length;
    await card.getByRole('button', { name: 'Send test message' }).click();
    await toast(page, 'Test message sent').waitFor();
    expect(slack.texts().slice(before)).toEqual([
      '✅ Review Challenge alerts work: this channel will hear about new reviews, goals and the target. (Harbourside Dental)',
    ]);
    expect(await seriousViolations(page, 'card-slack-and-teams-alerts')).toEqual([]);
    await page.close();
  });

  it('adds a webhook, shows its signing secret once, and sends a test delivery', async () => {
    const page = await adminPanel();
    const card = page.getByRole('region', { name: 'Webhooks' });
    await card.getByLabel('Endpoint URL').fill(`${slack.url.replace(/\/services.*/, '')}/hooks`);
    await card.getByRole('button', { name: 'Add webhook' }).click();
    const secret = card.getByTestId('webhook-secret');
    await expect.poll(() => secret.textContent()).toMatch(/^whsec_/);
    expect(await card.getByText('you will not see it again').isVisible()).toBe(true);
    expect(await seriousViolations(page, 'card-webhooks')).toEqual([]);
    await card.getByRole('button', { name: 'I have copied it, hide it' }).click();
    expect(await secret.count()).toBe(0);

    const before = slack.posts.length;
    await card.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => slack.posts.length).toBe(before + 1);
    expect((slack.posts.at(-1)!.body as { type: string }).type).toBe('webhook.test');
    await page.close();
  });
});

// Issue 6's acceptance in a browser, against the fake Google: connect through the consent screen,
// auto-discover, poll, and see the reviews on the GMB page, the reviews page and the wallboard.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { startFakeGoogle, type FakeGoogle } from '../fakes/google-server.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, toast, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { googleEnv } from '../helpers/google.ts';

describe.skipIf(!browserAvailable)('Google Business Profile in the browser', () => {
  let app: TestApp;
  let fake: FakeGoogle;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    fake = await startFakeGoogle();
    [app, browser] = await Promise.all([startApp({ ...googleEnv(fake), DEFAULT_PLAN: 'team' }), launchBrowser({ viewport: { width: 1280, height: 900 } })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await fake?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${app.url}${path}`);
    await waitForIslands(page);
    return page;
  }

  it('connects, discovers, polls, and shows the reviews everywhere', async () => {
    const admin = new Client(app.url);
    const details = newWorkspace({ businessName: "Joe's Bakery" });
    expect((await admin.post('/api/register', details)).status).toBe(201);
    await admin.post('/api/auth/admin', { password: details.adminPassword });
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: admin.cookie(SESSION_COOKIE)!, url: app.url }]);
    const now = Date.now();
    fake.addReview({
      displayName: 'Sarah Kim',
      starRating: 'FIVE',
      comment: 'Best croissants in town',
      reply: 'Thanks Sarah!',
      createTime: new Date(now + 1000).toISOString(),
    });
    fake.addReview({ isAnonymous: true, starRating: 'FOUR', createTime: new Date(now + 2000).toISOString() });

    const wallboard = await open(`/${details.slug}`);
    expect(await wallboard.getByTestId('total-count').textContent()).toBe('0');

    // Connect: off to the consent screen and back, with the toast, the query cleared. Google's
    // quota is 0 (a new project's), so the discovery tried at once on the way back fails.
    fake.state.quotaZero = true;
    const adminPage = await open(`/${details.slug}/admin`);
    await Promise.all([
      adminPage.waitForURL((url) => url.searchParams.get('gmb_connected') === 'true', { waitUntil: 'commit' }),
      adminPage.getByText('Connect Google Account', { exact: true }).click(),
    ]);
    await waitForIslands(adminPage);
    await expect.poll(() => toast(adminPage, 'Google Account Connected').isVisible()).toBe(true);
    await expect.poll(() => adminPage.getByTestId('gmb-status').textContent()).toBe('Connected');
    expect(adminPage.url()).toBe(`${app.url}/${details.slug}/admin`);
    expect(await adminPage.getByText('Setup Incomplete').isVisible()).toBe(true);

    // While Google's quota is 0, discovery says "Still Failed" and the manual fields stay.
    await adminPage.getByRole('button', { name: 'Try Auto-Discover One More Time' }).click();
    await expect.poll(() => toast(adminPage, 'Still Failed').isVisible()).toBe(true);
    expect(await toast(adminPage, 'Still Failed').textContent()).toContain('Quota still blocked. Use manual entry below.');
    expect(await adminPage.getByLabel('Account ID').isVisible()).toBe(true);
    fake.state.quotaZero = false;

    // Auto-discover: the IDs' first 8 characters show, the setup is complete.
    await adminPage.getByRole('button', { name: 'Try Auto-Discover One More Time' }).click();
    const accountId = fake.account.name.split('/')[1]!;
    await expect.poll(() => adminPage.getByText(`${accountId.slice(0, 8)}…`, { exact: true }).isVisible()).toBe(true);
    expect(await adminPage.getByText('Setup Incomplete').isVisible()).toBe(false);
    expect(await adminPage.getByRole('link', { name: 'View Google Reviews' }).getAttribute('href')).toBe(`/${details.slug}/gmb-reviews`);

    // Poll Now on the GMB page.
    const gmbPage = await open(`/${details.slug}/gmb-reviews`);
    expect(await gmbPage.getByText('No reviews yet').isVisible()).toBe(true);
    await gmbPage.getByRole('button', { name: 'Poll Now' }).click();
    await expect.poll(() => toast(gmbPage, 'Polling triggered').isVisible()).toBe(true);
    await expect.poll(() => gmbPage.getByTestId('gmb-review').count()).toBe(2);
    const sarah = gmbPage.getByTestId('gmb-review').filter({ hasText: 'Sarah Kim' });
    expect(await sarah.getByText('Best croissants in town').isVisible()).toBe(true);
    expect(await sarah.getByTestId('owner-reply').textContent()).toContain('Thanks Sarah!');
    expect(await gmbPage.getByTestId('gmb-review').filter({ hasText: 'Anonymous' }).count()).toBe(1);

    // The wallboard moved live; the reviews page lists them (no request to match: Unknown).
    await expect.poll(() => wallboard.getByTestId('total-count').textContent()).toBe('2');
    const reviewsPage = await open(`/${details.slug}/reviews`);
    expect(await reviewsPage.getByTestId('unmatched-review').filter({ hasText: 'Sarah Kim' }).isVisible()).toBe(true);
    expect(await reviewsPage.getByTestId('unmatched-count').textContent()).toBe('2');

    // Google refuses the token: the card turns to Reconnect after the next sync.
    fake.state.invalidGrant = true;
    await adminPage.getByRole('button', { name: 'Poll Now' }).click();
    await expect.poll(() => adminPage.getByTestId('gmb-status').textContent()).toBe('Reconnect needed');
    expect(await adminPage.getByText('Google no longer accepts this connection', { exact: true }).isVisible()).toBe(true);
    expect(await adminPage.getByRole('link', { name: 'Reconnect' }).getAttribute('href')).toBe('/api/gmb/oauth/initiate');
  });
});

// The public demo (issue 12): "See live demo" on the landing page opens a wallboard with sample data
// where reviews arrive with the real celebration, all in the browser: no session, nothing written.
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

describe.skipIf(!browserAvailable)('the live demo', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('opens from the landing page, and a sample review arrives with a celebration, writing nothing', async () => {
    const page = await browser.context.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    await page.goto(app.url + '/');
    await page.getByRole('link', { name: 'See live demo' }).click();
    await page.waitForURL((url) => url.pathname === '/demo');
    await waitForIslands(page);

    const banner = page.getByTestId('demo-banner');
    expect(await banner.textContent()).toContain('This is a demo with sample data');
    expect(await banner.getByRole('link', { name: 'Start free challenge' }).getAttribute('href')).toBe('/register');
    const cards = page.getByTestId('team-card');
    const names = await cards.locator('h2').allTextContents();
    for (const team of ['Tax Team', 'Advisory', 'Audit', 'Ops']) expect(names).toContain(team);
    expect(await page.getByText('/ 120').isVisible()).toBe(true);
    const sound = banner.getByRole('button', { name: 'Sound' });
    expect(await sound.getAttribute('aria-pressed')).toBe('false');
    await sound.click();
    expect(await sound.getAttribute('aria-pressed')).toBe('true');
    // The demo links nowhere into a workspace.
    expect(await page.getByRole('link', { name: 'Open the admin panel' }).count()).toBe(0);

    const total = page.getByTestId('total-count');
    const before = Number(await total.textContent());
    const overlay = page.getByTestId('celebration-overlay');
    await expect.poll(() => overlay.isVisible(), { timeout: 10_000, interval: 100 }).toBe(true);
    expect(await overlay.textContent()).toMatch(/left a [1-5]-star review/);
    // A reviewer is named by first name and initial here too, as on every screen (issue 33).
    expect(await overlay.textContent()).not.toMatch(/[A-Z][a-z]+ [A-Z][a-z]+ left a/);
    expect(await overlay.getByRole('img', { name: /out of 5 stars/ }).count()).toBe(1);
    await expect.poll(async () => Number(await total.textContent())).toBe(before + 1);
    // The banner stays visible above the celebration.
    expect(await banner.isVisible()).toBe(true);

    expect((await browser.context.cookies(app.url)).some((c) => c.name === SESSION_COOKIE)).toBe(false);
    const writes = requests.filter((r) => r.method() !== 'GET' || new URL(r.url()).pathname.startsWith('/api/'));
    expect(writes.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
    expect(requests.some((r) => new URL(r.url()).pathname === '/demo')).toBe(true);
    await page.close();
  });

  it('is shown to a signed-in visitor too, not sent to their workspace', async () => {
    const client = new Client(app.url);
    const workspace = newWorkspace();
    expect((await client.post('/api/register', workspace)).status).toBe(201);
    const signedIn = await launchBrowser();
    try {
      await signedIn.context.addCookies([{ name: SESSION_COOKIE, value: client.cookie(SESSION_COOKIE)!, url: app.url }]);
      const page = await signedIn.context.newPage();
      const response = await page.goto(app.url + '/demo');
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe('/demo');
      await page.getByTestId('demo-banner').waitFor();
    } finally {
      await signedIn.close();
    }
  });
});

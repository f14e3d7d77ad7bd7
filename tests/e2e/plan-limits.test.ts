// Issue 12: the plan's limits are shown before anyone fills a form, and what a downgrade put over a
// limit is kept, read-only, with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { setPlan, signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';

describe.skipIf(!browserAvailable)('plan limits in the admin panel', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows each limit before a form is filled, and a downgraded team as read-only with the reason', async () => {
    const admin = await signUpAdmin(app);
    for (const name of ['Front Desk', 'Advisory', 'Audit']) expect((await admin.client.post('/api/teams', { name })).status).toBe(201);
    await setPlan(app, admin.workspaceId, 'starter');

    await browser.context.addCookies([{ name: SESSION_COOKIE, value: admin.client.cookie(SESSION_COOKIE)!, url: app.url }]);
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/${admin.workspace.slug}/admin`);
    await waitForIslands(page);

    // Teams: the form is gone, the note says why; the newest team is read-only and says so.
    const note = page.getByTestId('team-limit-note');
    await note.waitFor();
    expect(await note.textContent()).toContain('Your Starter plan allows 2 teams and you have 3');
    expect(await page.getByLabel('Team name').isVisible()).toBe(false);
    const teams = page.getByRole('list', { name: 'Teams' });
    const audit = teams.getByRole('listitem').filter({ hasText: 'Audit' });
    expect(await audit.textContent()).toContain('Read-only');
    expect(await audit.textContent()).toContain('Its requests and reviews are kept.');
    expect(await audit.getByRole('button', { name: 'Edit Audit' }).isDisabled()).toBe(true);
    expect(await teams.getByRole('button', { name: 'Edit Front Desk' }).isDisabled()).toBe(false);

    // Branding and wallboards: said before any upload or form.
    expect(await page.getByTestId('branding-limit-note').textContent()).toContain('Client branding (your own logo) is not part of the Starter plan');
    expect(await page.getByLabel('Logo file').isVisible()).toBe(false);
    expect(await page.getByTestId('wallboard-limit-note').textContent()).toContain('Your Starter plan has one wallboard');
    await page.close();
  }, 60_000);
});

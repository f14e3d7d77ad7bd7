// A named wallboard (Agency, issue 12) on a TV: its own teams and target, live like the main one; a
// review for its team celebrates there, a review for the main wallboard does not.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { workspaces } from '#platform/db/schema.ts';
import { setPlan } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

describe.skipIf(!browserAvailable)('a named wallboard', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser({ viewport: { width: 1920, height: 1080 } })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows its own teams and target, and celebrates only the reviews of its teams', async () => {
    const admin = new Client(app.url, { origin: app.url });
    const details = newWorkspace({ businessName: 'Agency Co' });
    await admin.post('/api/register', details);
    await admin.post('/api/auth/admin', { password: details.adminPassword });
    const [row] = await app.database.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, details.slug));
    await setPlan(app, row!.id, 'agency');

    const board = (await admin.post('/api/admin/wallboards', { name: 'Smith & Co', targetReviews: 30 })).json;
    const team = (await admin.post('/api/teams', { name: 'Smith Front Desk', wallboardId: board.id })).json;
    const template = (await admin.post('/api/email-templates', { name: 'T', subject: 'Thanks', htmlContent: '<p>Hi</p>' })).json;
    expect(
      (
        await admin.post('/api/review-requests', {
          staffFirstName: 'Ann',
          staffEmail: 'ann@agency.example',
          teamId: team.id,
          email: 'robert@example.com',
          firstName: 'Robert',
          lastName: 'Nguyen',
          templateId: template.id,
        })
      ).status,
    ).toBe(201);

    await browser.context.addCookies([{ name: SESSION_COOKIE, value: admin.cookie(SESSION_COOKIE)!, url: app.url }]);
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/${details.slug}/wallboards/${board.id}`);
    await waitForIslands(page);
    await expect.poll(() => page.getByText('Live', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Smith & Co');
    expect(await page.getByText('/ 30').isVisible()).toBe(true);
    expect(await page.getByTestId('team-card').allTextContents()).toEqual([expect.stringContaining('Smith Front Desk')]);

    // A review nobody asked for counts on the main wallboard ("Unknown"): no celebration here.
    await admin.post('/api/test-review', { reviewerName: 'Zed Stranger', rating: 5, reviewText: 'Nice', source: 'ghl' });
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('celebration-overlay').isVisible()).toBe(false);
    expect(await page.getByTestId('total-count').textContent()).toBe('0');

    // Robert's review matches his request, for this wallboard's team: it celebrates and counts here.
    await admin.post('/api/test-review', { reviewerName: 'Robert Nguyen', rating: 5, reviewText: 'Great', source: 'ghl' });
    await page.getByTestId('celebration-overlay').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('total-count').textContent()).toBe('1');
    await page.close();
  }, 60_000);
});

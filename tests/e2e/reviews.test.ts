// The Google Reviews page as staff use it (issue 5's acceptance): a review posted to the CRM webhook
// shows up live on the reviews page and the wallboard, is assigned to a request in the UI, and the
// assignment survives a re-delivery of the same review.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { reviewRequests, workspaces } from '#platform/db/schema.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { axe, browserAvailable, launchBrowser, toast, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { staffIdFor } from '#domain/game/staff/people.ts';

describe.skipIf(!browserAvailable)('the reviews page', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser({ viewport: { width: 1280, height: 900 } })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A workspace with its admin API client, its teams, its webhook URL and the browser signed in. */
  async function workspace() {
    const admin = new Client(app.url);
    const details = newWorkspace();
    expect((await admin.post('/api/register', details)).status).toBe(201);
    await admin.post('/api/auth/admin', { password: details.adminPassword });
    const desk = (await admin.post('/api/teams', { name: 'Front Desk', color: '#10B981' })).json as { id: number };
    const audit = (await admin.post('/api/teams', { name: 'Audit', color: '#8B5CF6' })).json as { id: number };
    const webhook = (await admin.get('/api/admin/crm-webhook')).json.url as string;
    const [row] = await app.database.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, details.slug));
    const workspaceId = row!.id;
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: admin.cookie(SESSION_COOKIE)!, url: app.url }]);
    return { admin, slug: details.slug, desk, audit, webhook, workspaceId };
  }

  async function open(path: string): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${app.url}${path}`);
    await waitForIslands(page);
    await expect.poll(() => page.getByText('Live', { exact: true }).isVisible()).toBe(true);
    return page;
  }

  const deliver = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('shows a webhook review live, assigns it to a request, and keeps it through a re-delivery', async () => {
    const ws = await workspace();
    // A request whose customer is nobody the review names: the matcher leaves the review unmatched.
    const [request] = await app.database.db
      .insert(reviewRequests)
      .values({
        workspaceId: ws.workspaceId,
        staffId: await staffIdFor(app.database.db, ws.workspaceId, 'tom@clinic.example', 'Tom'),
        teamId: ws.desk.id,
        staffFirstName: 'Tom',
        staffEmail: 'tom@clinic.example',
        customerFirstName: 'Priya',
        customerLastName: 'Raman',
        customerEmail: 'priya@example.com',
      })
      .returning({ id: reviewRequests.id });

    const reviewsPage = await open(`/${ws.slug}/reviews`);
    const wallboard = await open(`/${ws.slug}`);
    expect(await reviewsPage.getByText('No reviews yet').isVisible()).toBe(true);
    expect(await wallboard.getByTestId('total-count').textContent()).toBe('0');

    const review = {
      reviewId: 'hl-777',
      reviewerName: 'Zed Quill',
      rating: 4,
      reviewText: 'Booked in fast, lovely staff.',
      reviewUrl: 'https://example.com/reviews/777',
    };
    expect((await deliver(ws.webhook, review)).status).toBe(201);

    // Live on both pages, no reload.
    const unmatched = reviewsPage.getByTestId('unmatched-review').filter({ hasText: 'Zed Quill' });
    await expect.poll(() => unmatched.isVisible(), { interval: 50 }).toBe(true);
    expect(await reviewsPage.getByTestId('unmatched-section').isVisible()).toBe(true);
    expect(await reviewsPage.getByTestId('unmatched-count').textContent()).toBe('1');
    expect(await reviewsPage.getByTestId('count-line').textContent()).toBe('1 review');
    await expect.poll(() => wallboard.getByTestId('total-count').textContent(), { interval: 50 }).toBe('1');

    // The celebration plays on the reviews page too, then clears.
    const overlay = reviewsPage.getByTestId('celebration-overlay');
    await expect.poll(() => overlay.isVisible(), { interval: 50 }).toBe(true);
    await expect.poll(() => overlay.isVisible(), { timeout: 10_000, interval: 200 }).toBe(false);

    // The assign control: one choice clears the other; Assign needs one.
    const assign = unmatched.getByRole('button', { name: 'Assign' });
    const invitePicker = unmatched.getByLabel('Match to a request');
    const teamPicker = unmatched.getByLabel('Or assign to a team');
    expect(await assign.isDisabled()).toBe(true);
    const options = await teamPicker.locator('option').allTextContents();
    expect(options).toEqual(['Choose a team…', 'Audit', 'Front Desk']);
    expect(await invitePicker.locator('option').nth(1).textContent()).toMatch(/^Priya Raman · Front Desk · [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
    await teamPicker.selectOption(String(ws.audit.id));
    expect(await assign.isEnabled()).toBe(true);
    await invitePicker.selectOption(String(request!.id));
    expect(await teamPicker.inputValue()).toBe('');
    await assign.click();

    await expect.poll(() => toast(reviewsPage, 'Review assigned').isVisible()).toBe(true);
    const matched = reviewsPage.getByTestId('matched-review').filter({ hasText: 'Zed Quill' });
    await expect.poll(() => matched.isVisible()).toBe(true);
    expect(await reviewsPage.getByTestId('unmatched-section').count()).toBe(0);
    expect(await matched.getByTestId('team-badge').textContent()).toBe('Front Desk');
    expect(await matched.getByRole('img', { name: '4 out of 5 stars' }).count()).toBe(1);
    expect(await matched.getByText('just now').count()).toBe(1);
    expect(await matched.getByRole('link', { name: /View review/ }).getAttribute('href')).toBe(review.reviewUrl);
    const deskCard = wallboard.getByTestId('team-card').filter({ hasText: 'Front Desk' });
    await expect.poll(() => deskCard.getByText('Total Reviews').locator('..').textContent()).toContain('1');
    expect(await wallboard.getByTestId('total-count').textContent()).toBe('1');

    // The same review delivered again changes nothing a person decided.
    expect((await deliver(ws.webhook, review)).status).toBe(200);
    await reviewsPage.reload();
    await waitForIslands(reviewsPage);
    expect(await reviewsPage.getByTestId('unmatched-section').count()).toBe(0);
    const kept = reviewsPage.getByTestId('matched-review').filter({ hasText: 'Zed Quill' });
    expect(await kept.getByTestId('team-badge').textContent()).toBe('Front Desk');
    expect(await reviewsPage.getByTestId('count-line').textContent()).toBe('1 review');
    await Promise.all([reviewsPage.close(), wallboard.close()]);
  });

  it('filters by team in the URL, with the back button, the count line and the empty states', async () => {
    const ws = await workspace();
    await ws.admin.post('/api/test-review', { reviewerName: 'Una Unplaced', rating: 3, reviewText: 'Fine', source: 'google' });
    const placed = await ws.admin.post('/api/test-review', { reviewerName: 'Dee Desk', rating: 5, reviewText: 'Great', source: 'google' });
    expect((await ws.admin.post(`/api/google-reviews/${placed.json.id}/assign-to-team`, { teamId: ws.desk.id })).status).toBe(200);

    const page = await open(`/${ws.slug}/reviews`);
    const countLine = page.getByTestId('count-line');
    expect(await countLine.textContent()).toBe('2 reviews');
    expect(await page.getByTestId('matched-review').count()).toBe(1);
    expect(await page.getByTestId('unmatched-review').count()).toBe(1);

    const filter = page.getByLabel('Team', { exact: true });
    await filter.selectOption(String(ws.desk.id));
    expect(new URL(page.url()).searchParams.get('team')).toBe(String(ws.desk.id));
    expect(await countLine.textContent()).toBe('1 review for Front Desk');
    expect(await page.getByTestId('unmatched-section').count()).toBe(0);
    expect(await page.getByText('1 unmatched review is waiting for a match.').isVisible()).toBe(true);

    await filter.selectOption(String(ws.audit.id));
    expect(await page.getByText('No reviews for Audit yet').isVisible()).toBe(true);
    expect(await countLine.textContent()).toBe('0 reviews for Audit');

    await page.goBack();
    await expect.poll(() => countLine.textContent()).toBe('1 review for Front Desk');
    expect(await filter.inputValue()).toBe(String(ws.desk.id));
    await page.goBack();
    await expect.poll(() => countLine.textContent()).toBe('2 reviews');
    expect(new URL(page.url()).searchParams.has('team')).toBe(false);

    // Opened with a filter, the page renders it straight away.
    await page.goto(`${app.url}/${ws.slug}/reviews?team=${ws.audit.id}`);
    expect(await page.getByText('No reviews for Audit yet').isVisible()).toBe(true);
    await page.close();
  });

  it('shows the CRM delivery log on the admin panel, with the reason of a refusal and Process again', async () => {
    const ws = await workspace();
    expect((await deliver(ws.webhook, { reviewId: 'log-ok', reviewerName: 'Zed Quill', rating: 5 })).status).toBe(201);
    expect((await deliver(ws.webhook, { reviewerName: 'No Stars', reviewText: 'Forgot the rating' })).status).toBe(400);

    const page = await browser.context.newPage();
    await page.goto(`${app.url}/${ws.slug}/admin`);
    await waitForIslands(page);
    const log = page.getByRole('list', { name: 'Deliveries' });
    const refused = log.getByRole('listitem').filter({ hasText: 'Refused' });
    await expect.poll(() => refused.isVisible()).toBe(true);
    expect(await refused.textContent()).toContain('rating must be a number of stars from 1 to 5');
    expect(await log.getByRole('listitem').filter({ hasText: 'Stored' }).textContent()).toMatch(/Review #\d+/);

    // Issue 27, item 26: "Process again" was named "Process the delivery of ... again" (WCAG 2.5.3).
    const mismatched = (await axe(page).withRules(['label-content-name-mismatch']).analyze()).violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
    expect(mismatched).toEqual([]);
    await refused.getByRole('button', { name: /^Process again/ }).click();
    await expect.poll(() => toast(page, 'Still refused').isVisible()).toBe(true);
    expect(await refused.isVisible()).toBe(true);
    await page.close();
  });
});

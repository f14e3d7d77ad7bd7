// Issue 30, part 2, in a browser against the fake Google: the alert's link opens the reply box of a
// low-rated review at the top of "Needs a reply"; a template fills it; the reply is posted, edited and
// deleted on Google; Google's refusal is said in the box and nothing is marked replied.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { startFakeGoogle, type FakeGoogle } from '../fakes/google-server.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { blockingViolations, browserAvailable, launchBrowser, toast, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { connectGoogle, googleEnv } from '../helpers/google.ts';
import { officeWithTeamAndTemplate } from '../helpers/office.ts';

describe.skipIf(!browserAvailable)('answering Google reviews in the browser', () => {
  let app: TestApp;
  let google: FakeGoogle;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    google = await startFakeGoogle();
    [app, browser] = await Promise.all([startApp({ ...googleEnv(google), DEFAULT_PLAN: 'team' }), launchBrowser({ viewport: { width: 1280, height: 900 } })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await google?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${app.url}${path}`);
    await waitForIslands(page);
    return page;
  }

  it('replies from the alert’s link with a template, edits and deletes the reply, and shows Google’s refusal', async () => {
    const admin = new Client(app.url, { origin: app.url });
    const details = newWorkspace({ businessName: 'Harbourside Dental' });
    expect((await admin.post('/api/register', details)).status).toBe(201);
    await admin.post('/api/auth/admin', { password: details.adminPassword });
    await connectGoogle(admin);
    const hour = 3600_000;
    const happy = google.addReview({
      displayName: 'Sam Lee',
      starRating: 'FIVE',
      comment: 'Wonderful',
      createTime: new Date(Date.now() - 48 * hour).toISOString(),
    });
    const unhappy = google.addReview({
      displayName: 'Nora Quill',
      starRating: 'TWO',
      comment: 'Long wait',
      createTime: new Date(Date.now() - 5 * hour).toISOString(),
    });
    const doomed = google.addReview({
      displayName: 'Ivy Gone',
      starRating: 'THREE',
      comment: 'Meh',
      createTime: new Date(Date.now() - 2 * hour).toISOString(),
    });
    expect((await admin.post('/api/gmb/poll-reviews')).json).toMatchObject({ added: 3 });
    await admin.post('/api/admin/reply-templates', { name: 'Sorry', body: 'Hi {reviewer_first_name}, we are sorry. Please call us. {business_name}' });
    const waiting = (await admin.get('/api/google-reviews?needsReply=true')).json as { id: number; reviewerName: string }[];
    expect(waiting.map((r) => r.reviewerName)).toEqual(['Nora Quill', 'Ivy Gone', 'Sam Lee']);
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: admin.cookie(SESSION_COOKIE)!, url: app.url }]);

    // The alert's link: Nora's reply box is open, in view and focused, at the top of "Needs a reply".
    const page = await open(`/${details.slug}/gmb-reviews?reply=${waiting[0]!.id}#review-${waiting[0]!.id}`);
    const box = page.getByTestId('reply-box');
    await expect.poll(() => box.count()).toBe(1);
    const first = page.getByTestId('needs-reply-review').first();
    expect(await first.textContent()).toContain('Nora Quill');
    expect(await first.getByTestId('waited').textContent()).toContain('2 stars: answer first');
    expect(await first.getByTestId('waited').textContent()).toContain('Waiting 5 hours');
    expect(await box.locator('textarea').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await blockingViolations(page)).toEqual([]);

    await box.getByRole('button', { name: 'Sorry' }).click();
    expect(await box.locator('textarea').inputValue()).toBe('Hi Nora, we are sorry. Please call us. Harbourside Dental');
    expect(await box.getByTestId('reply-count').textContent()).toBe('57 / 4,096 bytes');
    await box.getByRole('button', { name: 'Post reply' }).click();
    await expect.poll(() => toast(page, 'Reply posted on Google').isVisible()).toBe(true);
    expect(google.findReview(unhappy.reviewId)?.reviewReply?.comment).toBe('Hi Nora, we are sorry. Please call us. Harbourside Dental');
    await expect.poll(() => page.getByTestId('needs-reply-review').filter({ hasText: 'Nora Quill' }).count()).toBe(0);
    const nora = page.getByTestId('gmb-review').filter({ hasText: 'Nora Quill' });
    expect(await nora.getByTestId('owner-reply').textContent()).toContain('we are sorry');

    // Edit it in the list of all reviews.
    await nora.getByRole('button', { name: 'Edit reply' }).click();
    await nora.locator('textarea').fill('Hi Nora, we are sorry about the wait. Please call us on 02 9000 0000.');
    await nora.getByRole('button', { name: 'Save reply' }).click();
    await expect
      .poll(() => google.findReview(unhappy.reviewId)?.reviewReply?.comment)
      .toBe('Hi Nora, we are sorry about the wait. Please call us on 02 9000 0000.');
    await expect.poll(() => nora.getByTestId('owner-reply').textContent()).toContain('02 9000 0000');

    // Delete it, after saying yes.
    page.once('dialog', (dialog) => void dialog.accept());
    await nora.getByRole('button', { name: 'Delete reply' }).click();
    await expect.poll(() => toast(page, 'Reply deleted on Google').isVisible()).toBe(true);
    expect(google.findReview(unhappy.reviewId)?.reviewReply).toBeUndefined();
    await expect.poll(() => page.getByTestId('needs-reply-review').filter({ hasText: 'Nora Quill' }).count()).toBe(1);

    // Google no longer has Ivy's review: the box says so, and nothing is marked replied.
    google.deleteReview(doomed.reviewId);
    const ivy = page.getByTestId('needs-reply-review').filter({ hasText: 'Ivy Gone' });
    await ivy.getByRole('button', { name: 'Reply' }).click();
    await ivy.locator('textarea').fill('Thanks Ivy');
    await ivy.getByRole('button', { name: 'Post reply' }).click();
    await expect.poll(() => ivy.getByTestId('reply-error').textContent()).toBe('This review is no longer on Google (it was deleted), so it cannot be answered');
    expect(await ivy.getByTestId('owner-reply').count()).toBe(0);
    expect(google.findReview(happy.reviewId)?.reviewReply).toBeUndefined();
  });

  it('answers a matched Google review on the reviews page too', async () => {
    const office = await officeWithTeamAndTemplate(app, { businessName: 'Harbourside Dental' });
    await connectGoogle(office.client);
    const logged = await office.client.post('/api/review-requests', {
      staffFirstName: 'Tom',
      staffEmail: 'tom@harbourside.example',
      teamId: office.teamId,
      email: 'rita.moss@example.test',
      firstName: 'Rita',
      lastName: 'Moss',
      templateId: office.templateId,
    });
    expect(logged.status).toBe(201);
    const rita = google.addReview({
      displayName: 'Rita Moss',
      starRating: 'FIVE',
      comment: 'Tom was great',
      createTime: new Date(Date.now() + 1000).toISOString(),
    });
    await office.client.post('/api/gmb/poll-reviews');
    await office.client.post('/api/admin/reply-templates', { name: 'Thanks', body: 'Thank you {reviewer_first_name}! {staff_first_name} says hi.' });
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: office.client.cookie(SESSION_COOKIE)!, url: app.url }]);

    const page = await open(`/${office.workspace.slug}/reviews`);
    const card = page.getByTestId('matched-review').filter({ hasText: 'Rita Moss' });
    await card.getByRole('button', { name: 'Reply' }).click();
    await card.getByRole('button', { name: 'Thanks' }).click();
    expect(await card.locator('textarea').inputValue()).toBe('Thank you Rita! Tom says hi.');
    await card.getByRole('button', { name: 'Post reply' }).click();
    await expect.poll(() => toast(page, 'Reply posted on Google').isVisible()).toBe(true);
    expect(google.findReview(rita.reviewId)?.reviewReply?.comment).toBe('Thank you Rita! Tom says hi.');
    expect(await card.getByTestId('owner-reply').textContent()).toContain('Thank you Rita! Tom says hi.');
    expect(await blockingViolations(page)).toEqual([]);
  });
});

// The leaderboard as staff see it (issue 13): two people log a request each, a review is matched to
// one of them, and the page ranks them with their figures, this week and over the whole challenge.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { emailTemplates, workspaces } from '#platform/db/schema.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { blockingViolations, browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { insertReview } from '../helpers/seed-requests.ts';

describe.skipIf(!browserAvailable)('the leaderboard', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ DEFAULT_PLAN: 'team' }), launchBrowser({ viewport: { width: 1280, height: 900 } })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A workspace with a team and a template, and the browser signed in as its staff. */
  async function workspace() {
    const staff = new Client(app.url, { origin: app.url });
    const details = newWorkspace();
    expect((await staff.post('/api/register', details)).status).toBe(201);
    await staff.post('/api/auth/admin', { password: details.adminPassword });
    const team = (await staff.post('/api/teams', { name: 'Front Desk' })).json as { id: number };
    const [row] = await app.database.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, details.slug));
    const [template] = await app.database.db
      .insert(emailTemplates)
      .values({ workspaceId: row!.id, name: 'Thanks', subject: 'Thanks {firstName}', htmlContent: '<p>Hi {firstName}</p>' })
      .returning({ id: emailTemplates.id });
    const log = async (staffFirstName: string, staffEmail: string, customer: string) => {
      const [firstName, lastName] = customer.split(' ');
      const res = await staff.post('/api/review-requests', {
        staffFirstName,
        staffEmail,
        teamId: team.id,
        email: `${firstName!.toLowerCase()}@example.test`,
        firstName,
        lastName,
        templateId: template!.id,
        customEmailSubject: '',
        customEmailContent: '',
      });
      expect(res.status).toBe(201);
      return res.json.request.id as number;
    };
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: staff.cookie(SESSION_COOKIE)!, url: app.url }]);
    return { slug: details.slug, workspaceId: row!.id, teamId: team.id, log };
  }

  async function open(path: string): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${app.url}${path}`);
    await waitForIslands(page);
    return page;
  }

  const blocking = (page: Page) => blockingViolations(page);

  /** The rows of the table as their cells' text: rank, name, sent, opened, matched, conversion, score. */
  const rows = (page: Page) =>
    page.getByTestId('leaderboard-row').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td, th')].map((cell) => cell.textContent!.trim())));

  it('ranks two people by score, with their figures, this week and over the whole challenge', async () => {
    const ws = await workspace();
    await ws.log('Bob', 'bob@clinic.example', 'Tom Hart');
    const annRequest = await ws.log('Ann', 'ann@clinic.example', 'Mia Wong');
    await insertReview(app, ws.workspaceId, { requestId: annRequest, teamId: ws.teamId, matchStatus: 'manual', reviewerName: 'Mia W.' });

    const page = await open(`/${ws.slug}/leaderboard`);
    expect(await page.getByRole('tab', { name: 'This week' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByTestId('leaderboard-row').count()).toBe(2);
    const week = await rows(page);
    expect(week.map((cells) => cells.slice(0, 6))).toEqual([
      ['1', 'Ann', '1', '0', '1', '100%'],
      ['2', 'Bob', '1', '0', '0', '0%'],
    ]);
    expect(Number(week[0]![6])).toBeGreaterThan(Number(week[1]![6]));
    expect(await page.getByTestId('score-explained').textContent()).toContain('Star ratings never count');

    await page.getByRole('tab', { name: 'Whole challenge' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Whole challenge' }).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(async () => (await rows(page)).map((cells) => cells.slice(1, 6)))
      .toEqual([
        ['Ann', '1', '0', '1', '100%'],
        ['Bob', '1', '0', '0', '0%'],
      ]);
    expect(await blocking(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.getByTestId('leaderboard-card').allTextContents()).toEqual([expect.stringContaining('Ann'), expect.stringContaining('Bob')]);
    expect(await blocking(page)).toEqual([]);

    // The report's "By person" table counts the same two people.
    const report = await open(`/${ws.slug}/requests-report`);
    expect(await report.getByTestId('by-person-row').allTextContents()).toEqual(['Ann101100%', 'Bob1000%']);
    expect(await blocking(report)).toEqual([]);
    await Promise.all([page.close(), report.close()]);
  });

  it('says what to do when nobody has logged a request, and is a sixth place in the navigation bar that fits a phone', async () => {
    const ws = await workspace();
    const page = await open(`/${ws.slug}/requests-report`);
    await page.setViewportSize({ width: 390, height: 844 });
    const nav = page.getByRole('navigation', { name: 'Workspace' });
    const links = nav.getByRole('link');
    expect(await links.allTextContents()).toEqual(['Wallboard', 'Log Request', 'Report', 'Leaderboard', 'Reviews', 'Admin']);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await nav.getByRole('link', { name: 'Leaderboard' }).click();
    await page.waitForURL(`${app.url}/${ws.slug}/leaderboard`);
    await waitForIslands(page);
    expect(await nav.getByRole('link', { name: 'Leaderboard' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.getByTestId('leaderboard-empty').isVisible()).toBe(true);
    expect(await page.getByTestId('leaderboard-empty').textContent()).toContain('No requests logged this week yet');
    expect(await page.getByRole('link', { name: 'Log Request' }).last().getAttribute('href')).toBe(`/${ws.slug}/review-request`);
    await page.close();
  });
});

// The wallboard as a game on a TV (issue 13): the week and the scores move live, the admin's panels take
// turns, names stay off a screen customers can see, the Unknown card can go, and the hidden demo
// button celebrates on its own screen only.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

const TV = { width: 1920, height: 1080 };

describe.skipIf(!browserAvailable)('the wallboard panels', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    // The Team plan matches reviews to requests by itself.
    [app, browser] = await Promise.all([startApp({ DEFAULT_PLAN: 'team' }), launchBrowser({ viewport: TV })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A workspace with an unlocked admin client, its settings set before any screen opens. */
  async function workspace(settings: Record<string, string> = {}): Promise<{ admin: Client; slug: string }> {
    const admin = new Client(app.url);
    const details = newWorkspace({ businessName: `Panels ${Math.random().toString(36).slice(2, 7)}` });
    await admin.post('/api/register', details);
    await admin.post('/api/auth/admin', { password: details.adminPassword });
    for (const [key, value] of Object.entries(settings)) expect((await admin.request('PUT', `/api/settings/${key}`, { value })).status).toBe(200);
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: admin.cookie(SESSION_COOKIE)!, url: app.url }]);
    return { admin, slug: details.slug };
  }

  async function open(slug: string): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/${slug}`);
    await waitForIslands(page);
    await expect.poll(() => page.getByText('Live', { exact: true }).isVisible()).toBe(true);
    return page;
  }

  async function logRequest(admin: Client, teamId: number, staffFirstName: string, customer: [string, string]) {
    const template = (await admin.post('/api/email-templates', { name: `T${Math.random()}`.slice(0, 12), subject: 'Thanks', htmlContent: '<p>Hi</p>' })).json;
    const response = await admin.post('/api/review-requests', {
      staffFirstName,
      staffEmail: `${staffFirstName.toLowerCase()}@example.com`,
      teamId,
      email: `${customer[0].toLowerCase()}@example.com`,
      firstName: customer[0],
      lastName: customer[1],
      templateId: template.id,
    });
    expect(response.status).toBe(201);
  }

  const review = (admin: Client, reviewerName: string, rating = 5) =>
    admin.post('/api/test-review', { reviewerName, rating, reviewText: 'Lovely', source: 'ghl' });

  it("moves this week's count, the person's row and the team's score within 2 s of a matched review", async () => {
    const { admin, slug } = await workspace({ wallboard_panels: 'teams,people', wallboard_rotate_seconds: '600', weekly_goal: '10' });
    const team = (await admin.post('/api/teams', { name: 'Front Desk', color: '#F59E0B' })).json;
    await logRequest(admin, team.id, 'Olivia', ['Robert', 'Nguyen']);

    const teams = await open(slug);
    const people = await open(slug);
    await people.getByRole('button', { name: 'People this week' }).click();
    await people.getByTestId('wallboard-panel-people').waitFor();
    const week = teams.getByTestId('wallboard-week');
    expect(await week.textContent()).toContain('Week 1 of the challenge');
    expect(await week.textContent()).toContain('This week 0 / 10 reviews');
    expect(await week.textContent()).toMatch(/\d+ days? \d+ h left|\d+ h \d+ min left|\d+ min left/);
    const card = teams.getByTestId('team-card').filter({ hasText: 'Front Desk' });
    const scoreBefore = Number(await card.getByTestId('team-score').textContent());
    expect(await card.getByTestId('team-rank').textContent()).toBe('#1');
    const olivia = people.getByTestId('person-row').filter({ hasText: 'Olivia' });
    expect(await olivia.locator('td').allTextContents()).toEqual(['1', 'Olivia', '1', '0', '0', '0%', expect.any(String)]);

    expect((await review(admin, 'Robert Nguyen')).status).toBe(201);
    await expect.poll(() => week.textContent(), { interval: 50 }).toContain('This week 1 / 10 reviews');
    await expect.poll(async () => Number(await card.getByTestId('team-score').textContent()), { interval: 50 }).toBeGreaterThan(scoreBefore);
    expect(await card.textContent()).toContain('1 request · 1 review');
    await expect.poll(async () => (await olivia.locator('td').allTextContents()).slice(2, 6), { interval: 50 }).toEqual(['1', '0', '1', '100%']);
    // The score decides the lead.
    expect(await card.getByText('Leading').isVisible()).toBe(true);
    await teams.close();
    await people.close();
  });

  it("takes turns between the panels on the admin's timer", async () => {
    const { slug } = await workspace({ wallboard_panels: 'teams,latest', wallboard_rotate_seconds: '5' });
    const page = await open(slug);
    expect(await page.getByTestId('wallboard-panel-teams').isVisible()).toBe(true);
    expect(await page.getByTestId('wallboard-panel-latest').count()).toBe(0);
    await page.getByTestId('wallboard-panel-latest').waitFor();
    expect(await page.getByTestId('wallboard-panel-teams').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Latest reviews' }).getAttribute('aria-current')).toBe('true');
    await page.getByTestId('wallboard-panel-teams').waitFor();
    await page.close();
  }, 30_000);

  it('shows no reviewer name, in the celebration or the latest reviews, when names are hidden', async () => {
    const { admin, slug } = await workspace({ wallboard_panels: 'latest', show_reviewer_names: 'false' });
    const page = await open(slug);
    expect((await review(admin, 'Samantha Leeds')).status).toBe(201);
    const overlay = page.getByTestId('celebration-overlay');
    await overlay.waitFor({ state: 'visible' });
    expect(await overlay.textContent()).not.toContain('Samantha');
    expect(await overlay.getByRole('img', { name: '5 out of 5 stars' }).count()).toBe(1);
    const latest = page.getByTestId('latest-review');
    await expect.poll(() => latest.count()).toBe(1);
    expect(await latest.textContent()).toContain('A customer');
    expect(await page.getByTestId('wallboard-panel-latest').textContent()).not.toContain('Samantha');
    // With names shown, the same panel gives a first name and initial only.
    await admin.request('PUT', '/api/settings/show_reviewer_names', { value: 'true' });
    await expect.poll(() => latest.textContent()).toContain('Samantha L.');
    expect(await latest.textContent()).not.toContain('Leeds');
    await page.close();
  });

  it('explains the Unknown card, or hides it when the setting says so', async () => {
    const { admin, slug } = await workspace({ wallboard_panels: 'teams' });
    await admin.post('/api/teams', { name: 'Front Desk' });
    const page = await open(slug);
    const unknown = page.getByTestId('team-card').filter({ hasText: 'Unknown' });
    expect(await unknown.textContent()).toContain('Reviews not matched to a request yet');
    expect(await unknown.getByTestId('team-rank').count()).toBe(0);
    await admin.request('PUT', '/api/settings/show_unknown_team', { value: 'false' });
    await expect.poll(() => page.getByTestId('team-card').count()).toBe(1);
    expect(await page.getByTestId('team-card').textContent()).toContain('Front Desk');
    await page.close();
  });

  it('celebrates the demo button on the screen that pressed it only, and says it is a demo', async () => {
    const { slug } = await workspace();
    const pressed = await open(slug);
    const other = await open(slug);
    await pressed.getByRole('button', { name: 'Play a demo celebration' }).click();
    const overlay = pressed.getByTestId('celebration-overlay');
    await overlay.waitFor({ state: 'visible' });
    expect(await overlay.textContent()).toContain('Demo celebration');
    await other.waitForTimeout(3000);
    expect(await other.getByTestId('celebration-overlay').count()).toBe(0);
    await pressed.close();
    await other.close();
  });
});

// Issue 33, item 2: after Logout, Back shows nothing of the workspace on any page that needed a sign-in.
// Chromium's back/forward cache is on here, as in every visitor's browser (playwright-core turns it off
// by default): a page kept whole in memory would come back without asking the server.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { setPlan } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, toast, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { officeWithTeamAndTemplate } from '../helpers/office.ts';

const PAGES_DIR = new URL('../../src/pages/', import.meta.url).pathname;

/** Every page route under /{slug}/ (Astro files of src/pages/[slug]), as its path pattern. */
function workspacePageRoutes(dir = join(PAGES_DIR, '[slug]')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return workspacePageRoutes(path);
    if (!entry.name.endsWith('.astro') || entry.name.startsWith('_')) return [];
    return [
      `/${relative(PAGES_DIR, path)
        .replace(/\.astro$/, '')
        .replace(/\/index$/, '')}`,
    ];
  });
}

// What only a signed-in person of the workspace may see; none of it may show once signed out.
const BUSINESS = 'Quillfeather Osteopathy';
const CUSTOMER = 'Zebedee Marchbanks';
const CUSTOMER_EMAIL = 'zebedee.marchbanks@example.test';
const STAFF_EMAIL = 'oriel.staff@quillfeather.example';
const REVIEWER = 'Wilhelmina Crankshaw';

describe.skipIf(!browserAvailable)('Back after Logout', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser({ backForwardCache: true })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const leaked = async (page: Page): Promise<string[]> => {
    const html = await page.content();
    return [BUSINESS, CUSTOMER, CUSTOMER_EMAIL, STAFF_EMAIL, REVIEWER, '/api/webhooks/crm/'].filter((secret) => html.includes(secret));
  };

  it('shows no workspace data on any signed-in page, walking back through every one of them', async () => {
    const office = await officeWithTeamAndTemplate(app, { businessName: BUSINESS });
    const { client, workspace } = office;
    await setPlan(app, office.workspaceId, 'agency');
    const logged = await client.post('/api/review-requests', {
      staffFirstName: 'Oriel',
      staffEmail: STAFF_EMAIL,
      teamId: office.teamId,
      email: CUSTOMER_EMAIL,
      firstName: 'Zebedee',
      lastName: 'Marchbanks',
      templateId: office.templateId,
    });
    expect(logged.status).toBe(201);
    expect((await client.post('/api/test-review', { reviewerName: REVIEWER, rating: 5, reviewText: 'Marvellous', source: 'google' })).status).toBe(201);
    const board = (await client.post('/api/admin/wallboards', { name: `${BUSINESS} North`, targetReviews: 30 })).json as { id: number };
    const staff = ((await client.get('/api/admin/staff')).json as { staff: { id: number; email: string }[] }).staff;
    const person = staff.find((s) => s.email === STAFF_EMAIL)!;

    // Each page route under /{slug}, with the ids its parameters need; a new route fails here until it is listed.
    const examples: Record<string, string> = {
      '/[slug]': `/${workspace.slug}`,
      '/[slug]/review-request': `/${workspace.slug}/review-request`,
      '/[slug]/requests-report': `/${workspace.slug}/requests-report`,
      '/[slug]/reviews': `/${workspace.slug}/reviews`,
      '/[slug]/gmb-reviews': `/${workspace.slug}/gmb-reviews`,
      '/[slug]/leaderboard': `/${workspace.slug}/leaderboard`,
      '/[slug]/desk-card/[staffId]': `/${workspace.slug}/desk-card/${person.id}`,
      '/[slug]/wallboards/[id]': `/${workspace.slug}/wallboards/${board.id}`,
      '/[slug]/admin': `/${workspace.slug}/admin`,
    };
    expect(workspacePageRoutes().sort()).toEqual(Object.keys(examples).sort());
    // The not-found page under the workspace is shown to signed-in people only, too (it names nothing).
    const notFound = `/${workspace.slug}/no-such-page`;
    const paths = [notFound, ...Object.values(examples)];

    await browser.context.addCookies([{ name: SESSION_COOKIE, value: client.cookie(SESSION_COOKIE)!, url: app.url }]);
    const page = await browser.context.newPage();
    for (const path of paths) {
      await page.goto(app.url + path);
      await waitForIslands(page);
      expect(new URL(page.url()).pathname, path).toBe(path);
      // Signed in, each page shows the workspace (the admin panel last: its Logout button ends the walk).
      if (path !== notFound) expect((await page.content()).includes(BUSINESS), path).toBe(true);
    }
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged Out').waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    for (const path of [...paths].reverse()) {
      // A page restored from the back/forward cache fires no load event: wait for the commit, then the document.
      await page.goBack({ waitUntil: 'commit' });
      await page.waitForFunction(() => document.readyState !== 'loading');
      const at = new URL(page.url());
      // The server was asked again and sent the signed-out visitor to sign in.
      expect(`${at.pathname}${at.search}`, `Back to ${path}`).toBe(`/login?slug=${workspace.slug}`);
      expect(await leaked(page), `Back to ${path}`).toEqual([]);
      expect(await page.getByRole('button', { name: 'Logout' }).count(), `Back to ${path}`).toBe(0);
    }
  });
});

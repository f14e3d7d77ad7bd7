// SPEC.md section 2's redirect rules, as the browser ends up seeing them.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, type LaunchedBrowser } from '../helpers/browser.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

describe.skipIf(!browserAvailable)('redirect rules in the browser', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;
  let page: Page;
  let workspace: ReturnType<typeof newWorkspace>;
  let sessionCookie: string;

  const at = (path: string) => app.url + path;
  const pathOf = (p: Page) => {
    const url = new URL(p.url());
    return url.pathname + url.search;
  };
  const signIn = () => browser.context.addCookies([{ name: SESSION_COOKIE, value: sessionCookie, url: app.url }]);

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    const client = new Client(app.url);
    workspace = newWorkspace({ businessName: 'Northside Physio' });
    expect((await client.post('/api/register', workspace)).status).toBe(201);
    sessionCookie = client.cookie(SESSION_COOKIE)!;
    // A second workspace, so that "another slug" is a real one and still not reachable.
    expect((await new Client(app.url).post('/api/register', newWorkspace({ slug: 'some-other-slug' }))).status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  beforeEach(async () => {
    await browser.context.clearCookies();
    page = await browser.context.newPage();
  });
  afterEach(async () => {
    await page.close();
  });

  describe('signed in', () => {
    beforeEach(signIn);

    it.each(['/', '/login', '/register', '/some-other-slug', '/some-other-slug/admin', '/login?slug=some-other-slug'])(
      'sends %s to the own dashboard',
      async (path) => {
        await page.goto(at(path));
        expect(pathOf(page)).toBe(`/${workspace.slug}`);
        await page.getByRole('heading', { level: 1, name: workspace.businessName }).waitFor();
      },
    );

    it('shows the 404 page for an unknown page inside the own workspace', async () => {
      const response = await page.goto(at(`/${workspace.slug}/no-such-page`));
      expect(response?.status()).toBe(404);
      expect(pathOf(page)).toBe(`/${workspace.slug}/no-such-page`);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await page.getByText('Did you forget to add the page to the router?').waitFor();
    });
  });

  // Chromium asks for /favicon.ico by itself; a first segment with a dot is "any other unknown path".
  it.each([
    ['signed out', '/robots.txt'],
    ['signed out', '/favicon.ico'],
    ['signed in', '/robots.txt'],
  ])('%s, a missing file such as %s shows the 404 page', async (state, path) => {
    if (state === 'signed in') await signIn();
    // Status first (the browser's own request, with its cookies): Chromium refuses to show an empty 500.
    expect((await page.request.get(at(path), { maxRedirects: 0 })).status()).toBe(404);
    await page.goto(at(path));
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });

  describe('signed out', () => {
    it('sends a workspace page to /login?slug={slug}, with the field prefilled', async () => {
      await page.goto(at(`/${workspace.slug}`));
      expect(pathOf(page)).toBe(`/login?slug=${workspace.slug}`);
      expect(await page.getByLabel('Dashboard URL', { exact: true }).inputValue()).toBe(workspace.slug);
    });

    it('sends a deeper workspace path to /login?slug={first segment}', async () => {
      await page.goto(at(`/${workspace.slug}/admin`));
      expect(pathOf(page)).toBe(`/login?slug=${workspace.slug}`);
    });

    it('sends a path whose first segment cannot be a slug to /', async () => {
      await page.goto(at('/Not_A_Slug/x'));
      expect(pathOf(page)).toBe('/');
      await page.getByRole('link', { name: 'Start free challenge' }).waitFor();
    });

    it('answers an unknown API path with JSON, not a redirect', async () => {
      const response = await page.goto(at('/api/nothing'));
      expect(response).not.toBeNull();
      expect(response!.request().redirectedFrom()).toBeNull();
      expect(response!.status()).toBe(404);
      expect(response!.headers()['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(await response!.text())).toEqual({ message: expect.any(String) });
      expect(pathOf(page)).toBe('/api/nothing');
    });

    it('keeps the public pages public', async () => {
      for (const path of ['/', '/login', '/register']) {
        const response = await page.goto(at(path));
        expect(response?.status(), path).toBe(200);
        expect(pathOf(page), path).toBe(path);
      }
    });
  });
});

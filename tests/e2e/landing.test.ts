// The public landing page (SPEC.md section 2, "/"), as a visitor sees and uses it.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, type LaunchedBrowser } from '../helpers/browser.ts';

describe.skipIf(!browserAvailable)('the landing page', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;
  let page: Page;

  const pathOf = (p: Page) => new URL(p.url()).pathname;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  beforeEach(async () => {
    page = await browser.context.newPage();
    const response = await page.goto(app.url + '/');
    expect(response?.status()).toBe(200);
  });
  afterEach(async () => {
    await page.close();
  });

  it('has header links to sections that exist, and following one shows that section', async () => {
    const nav = page.getByRole('navigation', { name: 'Primary' });
    const labels = ['How it works', 'Benefits', 'Features', 'Pricing', 'FAQ'];
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(labels);
    for (const label of labels) {
      const href = await nav.getByRole('link', { name: label, exact: true }).getAttribute('href');
      expect(href, label).toMatch(/^#[\w-]+$/);
      expect(await page.locator(`section${href}`).count(), `${label} -> ${href}`).toBe(1);
    }

    await nav.getByRole('link', { name: 'Pricing', exact: true }).click();
    await page.waitForURL((url) => url.hash === '#pricing');
    const heading = page.getByRole('heading', { name: 'Simple pricing for teams of every size' });
    await page.waitForFunction(
      (element) => {
        const box = element!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      },
      await heading.elementHandle(),
    );
  });

  it('"Sign in" in the header goes to /login', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  });

  it('"Start free" in the header goes to /register', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Start free', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    await page.getByRole('heading', { name: 'Create Your Review Challenge' }).waitFor();
  });

  it('"Start free challenge" goes to /register', async () => {
    await page.getByRole('link', { name: 'Start free challenge' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    expect(pathOf(page)).toBe('/register');
  });

  // Issue 27, item 24: "Book a walkthrough" did nothing and "challenge templates" named nothing the product has.
  it('keeps every promise: each control on the page leads somewhere, and the pricing note names what exists', async () => {
    const deadButtons = await page.locator('main button, footer button').evaluateAll((buttons) =>
      // A plain button outside an island has no script: it can do nothing.
      buttons.filter((b) => (b as HTMLButtonElement).type === 'button' && !b.closest('astro-island')).map((b) => b.textContent?.trim()),
    );
    expect(deadButtons).toEqual([]);
    expect(await page.getByText('challenge templates').count()).toBe(0);
    await page.getByText('reusable email templates').waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Walk through the demo' }).click();
    await page.waitForURL((url) => url.pathname === '/demo');
  });

  it('"See live demo" goes to /demo', async () => {
    await page.getByRole('link', { name: 'See live demo' }).click();
    await page.waitForURL((url) => url.pathname === '/demo');
    await page.getByText('This is a demo with sample data').waitFor();
  });

  it('has three pricing cards, each with a "Start free" link to a trial of its plan, and the AUD note', async () => {
    const pricing = page.getByRole('region', { name: 'Simple pricing for teams of every size' });
    const cards = pricing.getByRole('article');
    expect(await cards.count()).toBe(3);
    for (const [index, name] of ['Starter', 'Team', 'Agency'].entries()) {
      const card = cards.nth(index);
      await card.getByRole('heading', { name }).waitFor();
      const links = card.getByRole('link', { name: 'Start free', exact: true });
      expect(await links.count(), name).toBe(1);
      expect(await links.getAttribute('href'), name).toBe(`/register?plan=${name.toLowerCase()}`);
      expect(await card.textContent(), name).toMatch(/A\$\s*\d+\s*per month/);
    }
    await page.getByText('Prices are in AUD and VAT/GST may apply.', { exact: true }).waitFor();

    await cards.nth(1).getByRole('link', { name: 'Start free', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    await page.getByText('Start your 14-day Team trial.').waitFor();
  });

  it('has an FAQ of five questions that open to show their answers', async () => {
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.locator('summary');
    expect(await questions.count()).toBe(5);
    const answer = faq.getByText('Every respondent gets a feedback path');
    expect(await answer.isVisible()).toBe(false);
    await faq.getByText('Is this review gating?').click();
    await answer.waitFor({ state: 'visible' });
  });
});

import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { blockingViolations, browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { officeWithTeamAndTemplate } from '../helpers/office.ts';

// Issue 29's acceptance: a desk card scanned in Chromium (the URL its QR code encodes, read back from
// the picture with jsQR) with a first name becomes a request credited to that person; axe passes on
// the card and on the walk-in page.

/** The text a QR code on the page encodes, read from its picture as a phone camera would. */
async function decodeQr(page: Page, selector: string): Promise<string | null> {
  const png = PNG.sync.read(await page.locator(selector).screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

const blocking = (page: Page) => blockingViolations(page);

describe.skipIf(!browserAvailable)('desk cards in the browser', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ DEFAULT_PLAN: 'team' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A workspace whose person Tom logged a request, its admin session in the browser. */
  async function officeWithTom() {
    const office = await officeWithTeamAndTemplate(app);
    await office.client.post('/api/review-requests', {
      staffFirstName: 'Tom',
      staffEmail: 'tom@harbourside.example',
      teamId: office.teamId,
      templateId: office.templateId,
      email: 'first.customer@example.test',
      firstName: 'First',
      lastName: 'Customer',
    });
    const tom = ((await office.client.get('/api/admin/staff')).json as { staff: { id: number; firstName: string }[] }).staff.find(
      (p) => p.firstName === 'Tom',
    )!;
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: office.client.cookie(SESSION_COOKIE)!, url: app.url }]);
    return { office, tom };
  }

  it('prints a card whose QR code opens the walk-in page; a first name there makes a request for that person', async () => {
    const { office, tom } = await officeWithTom();

    const page = await browser.context.newPage();
    try {
      for (const size of ['a6', 'card']) {
        await page.goto(`${app.url}/${office.workspace.slug}/desk-card/${tom.id}?size=${size}`);
        await page.emulateMedia({ media: 'print' });
        await page.screenshot({ path: `/tmp/desk-card-${size}-print.png`, fullPage: true });
        await page.emulateMedia({ media: 'screen' });
        expect(await blocking(page), `axe on the ${size} card`).toEqual([]);
      }
      const url = await decodeQr(page, '[data-testid="desk-card"] [role="img"]');
      expect(url).toMatch(new RegExp(`^${app.url}/q/`));

      // The customer's phone: a fresh context, no session.
      const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
      const visitor = await phone.context.newPage();
      await visitor.goto(url!);
      await waitForIslands(visitor);
      await visitor.screenshot({ path: '/tmp/desk-card-walk-in-phone.png', fullPage: true });
      expect(await blocking(visitor), 'axe on the walk-in page').toEqual([]);
      await visitor.getByLabel('Your first name (optional)').fill('Priya');
      await visitor.getByRole('button', { name: 'Continue' }).click();
      await visitor.waitForURL((next) => next.pathname.startsWith('/r/'));
      expect(await visitor.getByRole('heading', { name: 'Leave a public review' }).isVisible()).toBe(true);
      expect(await visitor.getByRole('heading', { name: 'Send private feedback' }).isVisible()).toBe(true);
      await phone.close();

      const requests = (await office.client.get('/api/admin/review-requests')).json as { firstName: string; staffFirstName: string; channel: string }[];
      expect(requests.find((r) => r.channel === 'qr')).toMatchObject({ firstName: 'Priya', staffFirstName: 'Tom' });
    } finally {
      await page.close();
    }
  });

  it("shows the people's codes on the wallboard, readable from the screen and above the fold from a 720p TV to a 4K one", async () => {
    const { office, tom } = await officeWithTom();
    const url = ((await office.client.get(`/api/admin/staff/${tom.id}/desk-card`)).json as { url: string }).url;
    // Six people with cards: two rows of codes.
    for (const name of ['Ana', 'Ben', 'Cleo', 'Dev', 'Eve']) {
      await office.client.post('/api/review-requests', {
        staffFirstName: name,
        staffEmail: `${name.toLowerCase()}@harbourside.example`,
        teamId: office.teamId,
        templateId: office.templateId,
        email: `${name.toLowerCase()}.customer@example.test`,
        firstName: 'A',
        lastName: 'Customer',
      });
    }
    const people = ((await office.client.get('/api/admin/staff')).json as { staff: { id: number }[] }).staff;
    for (const person of people) expect((await office.client.get(`/api/admin/staff/${person.id}/desk-card`)).status).toBe(200);
    expect((await office.client.request('PUT', '/api/settings/wallboard_panels', { value: 'teams,desk-cards' })).status).toBe(200);

    const page = await browser.context.newPage();
    try {
      for (const [width, height] of [
        [1280, 720],
        [1920, 1080],
        [3840, 2160],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`${app.url}/${office.workspace.slug}`);
        await waitForIslands(page);
        await page.getByRole('button', { name: 'Scan to review' }).click();
        const codes = page.getByTestId('desk-card-code');
        await expect.poll(() => codes.count()).toBe(6);
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                [...document.images].every((img) => img.complete && img.naturalWidth > 0) && document.getAnimations().every((a) => a.playState !== 'running'),
            ),
          )
          .toBe(true);
        await page.screenshot({ path: `/tmp/wallboard-desk-cards-${width}x${height}.png` });
        const toms = codes.filter({ hasText: 'Tom' });
        expect(await decodeQr(page, '[data-testid="desk-card-code"]:last-child img'), `Tom's code at ${width}x${height}`).toBe(url);
        if (width >= 1280) {
          // Every code and its name on the screen, none cut off by the panel.
          const panel = (await page.getByTestId('wallboard-panel-desk-cards').boundingBox())!;
          const last = (await toms.boundingBox())!;
          expect(last.y + last.height, `the last name's bottom at ${width}x${height}`).toBeLessThanOrEqual(Math.min(height, panel.y + panel.height));
          expect((await codes.first().locator('img').boundingBox())!.height, `a code's side at ${width}x${height}`).toBeGreaterThanOrEqual(height * 0.12);
        }
      }
      expect(await blocking(page), 'axe on the wallboard with the codes').toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('offers a person their own card from the log form, under Follow up', async () => {
    const { office, tom } = await officeWithTom();
    // The log form remembers who logged last (its staffEmail cookie), as after Tom's own request.
    await browser.context.addCookies([{ name: 'staffEmail', value: 'tom@harbourside.example', url: app.url }]);
    const page = await browser.context.newPage();
    try {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${app.url}/${office.workspace.slug}/review-request`);
        await waitForIslands(page);
        const link = page.getByRole('link', { name: 'Print my desk card' });
        await link.scrollIntoViewIfNeeded();
        await page.getByTestId('follow-ups').screenshot({ path: `/tmp/follow-ups-desk-card-${width}.png` });
      }
      await page.getByRole('link', { name: 'Print my desk card' }).click();
      await page.waitForURL(`${app.url}/${office.workspace.slug}/desk-card/${tom.id}`);
      expect(await page.getByRole('heading', { name: "Tom's desk card" }).isVisible()).toBe(true);
    } finally {
      await page.close();
    }
  });
});

// Issue 27, item 21: team cards clipped their labels ("Total Review" at 1440x900). Every word on every
// team card is measured against its card at eight TV sizes and a phone, with 1, 5 and 10 teams, on the
// signed-in wallboard with the set-up strip and the navigation above it (the tightest the board gets),
// both before the first review (the "No reviews yet" card takes room too) and with busy figures.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { teams } from '#platform/db/schema.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, waitForIslands, type LaunchedBrowser } from '../helpers/browser.ts';
import { insertRequest, insertReview } from '../helpers/seed-requests.ts';

const TV_SIZES = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1680, height: 1050 },
  { width: 1920, height: 1080 },
  { width: 1920, height: 1200 },
  { width: 2560, height: 1440 },
  { width: 3840, height: 2160 },
];
const PHONE = { width: 390, height: 844 };
const NAMES = [
  'Front Desk',
  'Hygiene Team',
  'Reception',
  "Dr Patel's Surgery",
  'Billing',
  'Night Shift',
  'Orthodontics',
  'Lab',
  'Sales & Service',
  'Marketing',
];

interface Problem {
  card: string;
  text: string;
  problem: string;
}

/**
 * Every text on every team card that leaves its card, is cut short, or whose box lies over another
 * text's box on the card. Text nobody sees (no box, or one too small to show a letter) is left out.
 */
function cardProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { card: string; text: string; problem: string }[] = [];
    const inside = (inner: DOMRect, outer: DOMRect) =>
      inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    for (const card of document.querySelectorAll<HTMLElement>('[data-testid="team-card"]')) {
      const cardBox = card.getBoundingClientRect();
      const name = card.querySelector('h2')?.textContent ?? '?';
      const boxes: { text: string; box: DOMRect }[] = [];
      for (const element of card.querySelectorAll<HTMLElement>('*')) {
        const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
        const elementBox = element.getBoundingClientRect();
        if (!own.length || elementBox.width < 2 || elementBox.height < 2) continue;
        const text = element.textContent!.trim();
        for (const node of own) {
          const range = document.createRange();
          range.selectNodeContents(node);
          const box = range.getBoundingClientRect();
          if (!inside(box, cardBox))
            problems.push({
              card: name,
              text,
              problem: `outside its card (${Math.round(box.right - cardBox.right)} px right, ${Math.round(box.bottom - cardBox.bottom)} px below)`,
            });
        }
        boxes.push({ text, box: elementBox });
        // An ellipsis or an overflow cut: the text needs more width than its element has.
        const range = document.createRange();
        range.selectNodeContents(element);
        const needed = range.getBoundingClientRect().width;
        if (needed > elementBox.width + 0.25)
          problems.push({ card: name, text, problem: `cut short (${needed.toFixed(1)} px in ${elementBox.width.toFixed(1)})` });
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          if (overlap(boxes[i]!.box, boxes[j]!.box)) problems.push({ card: name, text: boxes[i]!.text, problem: `lies over "${boxes[j]!.text}"` });
        }
      }
    }
    return problems;
  });
}

describe.skipIf(!browserAvailable)('team cards', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ DEFAULT_PLAN: 'agency' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /**
   * A workspace whose wallboard has `count` teams: five through the admin API (what a plan allows on
   * one wallboard), the rest as teams made before that limit (still shown, read-only).
   */
  async function board(count: number, busy: boolean) {
    const admin = await signUpAdmin(app, { businessName: 'Harbourside Dental' });
    const ids: number[] = [];
    for (const name of NAMES.slice(0, Math.min(count, 5))) {
      const created = await admin.client.post('/api/teams', { name });
      expect(created.status).toBe(201);
      ids.push((created.json as { id: number }).id);
    }
    for (const name of NAMES.slice(5, count)) {
      const [row] = await app.database.db.insert(teams).values({ workspaceId: admin.workspaceId, name, color: '#10B981' }).returning({ id: teams.id });
      ids.push(row!.id);
    }
    if (busy) {
      // Three-digit totals and the longest "requests · reviews" line a busy season gives.
      for (const [index, teamId] of ids.entries()) {
        for (let i = 0; i < 12 + index; i++) {
          const requestId = await insertRequest(app, admin.workspaceId, { teamId });
          if (i < 9) await insertReview(app, admin.workspaceId, { requestId, teamId, matchStatus: 'auto_matched', rating: 4 + (i % 2) });
        }
      }
      for (let i = 0; i < 101; i++) await insertReview(app, admin.workspaceId, { rating: 5 });
    }
    return admin;
  }

  for (const count of [1, 5, 10]) {
    for (const busy of [false, true]) {
      it(`keep every word inside its card with ${count} ${count === 1 ? 'team' : 'teams'}${busy ? ' and busy figures' : ' before the first review'}, at eight TV sizes and on a phone`, async () => {
        const admin = await board(count, busy);
        const page = await browser.context.newPage();
        try {
          await browser.context.addCookies([{ name: SESSION_COOKIE, value: admin.client.cookie(SESSION_COOKIE)!, url: app.url }]);
          await page.clock.install();
          await page.goto(`${app.url}/${admin.workspace.slug}`);
          await waitForIslands(page);
          // The panels stay on the teams; the navigation and the strip stay on the screen.
          await page.clock.pauseAt(Date.now() + 1000);
          expect(await page.getByTestId('team-card').count()).toBe(count + 1);
          expect(await page.getByTestId('setup-checklist').isVisible()).toBe(true);
          expect(await page.getByTestId('no-reviews-yet').count()).toBe(busy ? 0 : 1);
          for (const size of [...TV_SIZES, PHONE]) {
            await page.setViewportSize(size);
            const problems = await cardProblems(page);
            expect(problems, `${size.width}x${size.height}: ${JSON.stringify(problems.slice(0, 5))}`).toEqual([]);
            if (size === PHONE) continue;
            // On a TV the whole panel is on the screen.
            const bottoms = await page.getByTestId('team-card').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().bottom));
            expect(Math.max(...bottoms), `${size.width}x${size.height}`).toBeLessThanOrEqual(size.height);
          }
        } finally {
          await page.close();
        }
      });
    }
  }
});

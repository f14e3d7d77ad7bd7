// Browser helpers for the e2e tests: Debian's Chromium driven by playwright-core (STACK.md gotcha 13).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** True when Debian's Chromium is installed; e2e files use `describe.skipIf(!browserAvailable)`. */
export const browserAvailable = existsSync(CHROMIUM_PATH);

if (!browserAvailable) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! ${CHROMIUM_PATH} is missing: the browser end-to-end tests are SKIPPED, not passed.\n` +
      `!! Install it with: apt-get update && apt-get install -y chromium\n${line}\n`,
  );
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser {
  context: BrowserContext;
  /** Closes the browser context (and the browser or profile folder it alone used). */
  close(): Promise<void>;
}

/**
 * One Chromium per test worker, started at the first browser a test asks for and ended with the
 * worker: each test gets a fresh context of it (its own cookies, storage and cache, as a fresh
 * profile). A Chromium start cost about three quarters of a CPU-second, and the browser tests started
 * 36 of them (docs/benchmarks.md, "The suite's time"). Started again if it went away. It keeps the
 * process alive: a script that uses it ends with process.exit, as the test workers do.
 */
// Held on the global object: a worker that loads this module again for another file finds it there.
const SHARED = Symbol.for('review-challenge.test-browser');
const holder = globalThis as typeof globalThis & { [SHARED]?: Promise<Browser> };
async function sharedBrowser(): Promise<Browser> {
  const running = holder[SHARED] && (await holder[SHARED].catch(() => null));
  if (running?.isConnected()) return running;
  holder[SHARED] = chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
  return holder[SHARED];
}

/**
 * A fresh browser context on Chromium. `backForwardCache` keeps Chromium's back/forward cache on, as
 * every visitor's browser has it (playwright-core turns it off by default, at launch): a test of what
 * Back shows needs it, and gets a Chromium of its own on a throw-away profile.
 */
export async function launchBrowser(options: { viewport?: { width: number; height: number }; backForwardCache?: boolean } = {}): Promise<LaunchedBrowser> {
  const viewport = options.viewport ?? { width: 1280, height: 800 };
  let context: BrowserContext;
  let profile: string | null = null;
  if (options.backForwardCache) {
    profile = mkdtempSync(join(tmpdir(), 'rc-chromium-'));
    try {
      context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: ARGS,
        viewport,
        ignoreDefaultArgs: ['--disable-back-forward-cache'],
      });
    } catch (error) {
      rmSync(profile, { recursive: true, force: true });
      throw error;
    }
  } else {
    context = await (await sharedBrowser()).newContext({ viewport });
  }
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  // Every page runs under the product's Content-Security-Policy: a violation anywhere in a browser
  // test fails that test file (issue 11), reported when the browser closes.
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', ({ page }, text: string) => void violations.push(`${page.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return {
    context,
    close: async () => {
      try {
        await context.close();
      } finally {
        if (profile) rmSync(profile, { recursive: true, force: true });
      }
      if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
    },
  };
}

/** Waits until every Astro island on the page has hydrated (no `astro-island[ssr]` left). */
export async function waitForIslands(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null, undefined, { timeout });
}

/** The toast (role=status) whose text contains `title`. */
export function toast(page: Page, title: string) {
  return page.getByRole('status').filter({ hasText: title });
}

/** The text of the element that describes `input` for assistive technology (aria-describedby). */
export async function accessibleDescription(input: Locator): Promise<string | null> {
  return input.evaluate((element) => {
    const ids = element.getAttribute('aria-describedby');
    if (!ids) return null;
    return ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' ')
      .trim();
  });
}

/**
 * axe on the page with every rule the suite holds to, among them WCAG 2.5.3 "label in name"
 * (`label-content-name-mismatch`), which axe ships switched off.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe's serious and critical findings on the page (or the part `include` selects) once its fade-ins
 * have ended, one readable line per element. Colours measured halfway through a fade (a wallboard
 * panel coming in) are no colours anyone reads, so animations and transitions end first.
 */
export async function blockingViolations(page: Page, include?: string, exclude?: string): Promise<string[]> {
  await page.addStyleTag({ content: '*, *::before, *::after { animation: none !important; transition: none !important; }' });
  const builder = axe(page);
  if (include) builder.include(include);
  // A frame sandboxed against scripts (an email preview) cannot run axe: axe would wait on it forever.
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n    at ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
      ),
    );
}

// Issue 11: the public logo address cannot send a browser elsewhere, even if a logo that tries to
// had got past the upload check (here it is written straight into the database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logos } from '#platform/db/schema.ts';
import { signUp } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, type LaunchedBrowser } from '../helpers/browser.ts';

const REDIRECTING_SVG = `<svg xmlns="http://www.w3.org/2000/svg"><meta xmlns="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0;url=/login?from=logo"/><rect width="10" height="10"/></svg>`;

describe.skipIf(!browserAvailable)('the public logo address', () => {
  let app: TestApp;
  let browser: LaunchedBrowser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('does not follow a meta refresh inside an SVG', async () => {
    const { workspace, workspaceId } = await signUp(app);
    await app.database.db.insert(logos).values({ workspaceId, contentType: 'image/svg+xml', data: Buffer.from(REDIRECTING_SVG), updatedAt: new Date() });
    const page = await browser.context.newPage();
    const address = `${app.url}/api/logo/${workspace.slug}`;
    await page.goto(address);
    await page.waitForTimeout(1500);
    expect(page.url()).toBe(address);
    await page.close();
  });
});

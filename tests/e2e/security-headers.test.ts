// Issue 11: security headers on every answer, and a Content-Security-Policy that the browser enforces
// (no inline script runs unless it is one of Astro's own, by hash) without breaking any page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { browserAvailable, launchBrowser, waitForIslands } from '../helpers/browser.ts';
import { Client } from '../helpers/client.ts';

describe.skipIf(!browserAvailable)('security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app?.close());

  it('are on every HTML page and JSON answer; only a kiosk screen may be framed', async () => {
    const { client, workspace } = await signUpAdmin(app);
    const link = (await client.post('/api/admin/kiosk-links', { label: 'Front TV' })).json.url as string;
    const anonymous = ['/', '/login', '/register'];
    const signedIn = [`/${workspace.slug}`, `/${workspace.slug}/admin`, `/${workspace.slug}/reviews`, `/${workspace.slug}/no-such-page`];
    for (const path of [...anonymous, ...signedIn]) {
      const res = anonymous.includes(path) ? await new Client(app.url).request('GET', path) : await client.request('GET', path);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy, path).toMatch(/script-src 'self'/);
      expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
    for (const path of ['/api/dashboard', '/api/auth/status', '/api/nothing']) {
      const res = await client.request('GET', path);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const kiosk = await fetch(link);
    expect(kiosk.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(kiosk.headers.get('x-frame-options')).toBeNull();
    // HSTS only where the product is served over https.
    expect((await client.request('GET', '/')).headers.get('strict-transport-security')).toBeNull();
  });

  it('blocks a script that is not the product own, and the browser suite would report it', async () => {
    const browser = await launchBrowser();
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/login`);
    await waitForIslands(page);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 100));
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await expect(browser.close()).rejects.toThrow(/Content-Security-Policy violations/);
  });
});

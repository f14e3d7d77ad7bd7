import { describe, expect, it } from 'vitest';
import { applySecurityHeaders } from './security-headers.ts';

const page = "default-src 'self'; frame-ancestors 'none'; script-src 'self' 'sha256-x'";

function headersFor(pathname: string, initial: Record<string, string> = {}, https = false): Headers {
  const headers = new Headers(initial);
  applySecurityHeaders(headers, { pathname, https });
  return headers;
}

describe('applySecurityHeaders', () => {
  it("keeps a page's own policy, and gives every other answer one that allows nothing", () => {
    expect(headersFor('/login', { 'content-security-policy': page }).get('content-security-policy')).toBe(page);
    expect(headersFor('/api/dashboard').get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('lets only a kiosk screen be framed', () => {
    const kiosk = headersFor('/wall/abc', { 'content-security-policy': page });
    expect(kiosk.get('content-security-policy')).toContain('frame-ancestors *');
    expect(kiosk.get('x-frame-options')).toBeNull();
    expect(headersFor('/acme').get('x-frame-options')).toBe('DENY');
  });

  it('sends nosniff, a referrer policy unless the route chose one, and HSTS only over https', () => {
    const plain = headersFor('/');
    expect(plain.get('x-content-type-options')).toBe('nosniff');
    expect(plain.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(plain.get('strict-transport-security')).toBeNull();
    expect(headersFor('/r/token', { 'referrer-policy': 'no-referrer' }).get('referrer-policy')).toBe('no-referrer');
    expect(headersFor('/', {}, true).get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps nothing a signed-in person saw in the browser, unless the answer chose its own caching', () => {
    const signedIn = (pathname: string, initial: Record<string, string> = {}) => {
      const headers = new Headers(initial);
      applySecurityHeaders(headers, { pathname, https: false, signedIn: true });
      return headers;
    };
    expect(signedIn('/acme/admin').get('cache-control')).toBe('no-store');
    expect(signedIn('/api/logo/acme', { 'cache-control': 'public, max-age=300' }).get('cache-control')).toBe('public, max-age=300');
    expect(headersFor('/acme/admin').get('cache-control')).toBeNull();
  });
});

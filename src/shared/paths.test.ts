import { describe, expect, it } from 'vitest';
import { isSlugStylePath, RESERVED_SEGMENTS, afterSignInPath } from './paths.ts';

describe('reserved first segments', () => {
  // Registration refuses a reserved slug ("This URL is reserved", src/pages/api/register.ts).
  it.each([
    'api',
    'r',
    'wall',
    'demo',
    'login',
    'register',
    'logout',
    'admin',
    'forgot-password',
    'reset-password',
    'healthz',
    'readyz',
    'docs',
    'privacy',
    'terms',
  ])('%s is reserved, never a workspace', (segment) => {
    expect(RESERVED_SEGMENTS.has(segment)).toBe(true);
    expect(isSlugStylePath(`/${segment}`)).toBe(false);
  });

  it('a slug that only starts like a reserved one is a workspace path', () => {
    expect(isSlugStylePath('/demo-shop')).toBe(true);
    expect(isSlugStylePath('/reset-passwords')).toBe(true);
    expect(isSlugStylePath('/acme/admin')).toBe(true);
  });
});

describe('afterSignInPath (issue 33, item 6)', () => {
  it('goes back to the page of the workspace that was asked for, with its query', () => {
    expect(afterSignInPath('acme', '/acme/admin')).toBe('/acme/admin');
    expect(afterSignInPath('acme', '/acme/reviews?team=3')).toBe('/acme/reviews?team=3');
    expect(afterSignInPath('acme', '/acme')).toBe('/acme');
  });

  it('goes to the wallboard without one, or for anything but the workspace’s own pages', () => {
    expect(afterSignInPath('acme', null)).toBe('/acme');
    expect(afterSignInPath('acme', '')).toBe('/acme');
    expect(afterSignInPath('acme', '/other/admin')).toBe('/acme');
    expect(afterSignInPath('acme', '/acme-two/admin')).toBe('/acme');
    expect(afterSignInPath('acme', '//evil.example/acme/admin')).toBe('/acme');
    expect(afterSignInPath('acme', '/acme//evil.example')).toBe('/acme');
    expect(afterSignInPath('acme', '/acme/\\evil.example')).toBe('/acme');
    expect(afterSignInPath('acme', '/acme/../other/admin')).toBe('/acme');
    expect(afterSignInPath('acme', 'https://evil.example/acme/admin')).toBe('/acme');
    expect(afterSignInPath('acme', '/acme/admin x')).toBe('/acme');
  });
});

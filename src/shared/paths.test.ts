import { describe, expect, it } from 'vitest';
import { isSlugStylePath, RESERVED_SEGMENTS } from './paths.ts';

describe('reserved first segments', () => {
  // Registration refuses a reserved slug ("This URL is reserved", src/pages/api/register.ts).
  it.each(['api', 'r', 'wall', 'demo', 'login', 'register', 'logout', 'admin', 'forgot-password', 'reset-password', 'healthz', 'readyz', 'docs'])(
    '%s is reserved, never a workspace',
    (segment) => {
      expect(RESERVED_SEGMENTS.has(segment)).toBe(true);
      expect(isSlugStylePath(`/${segment}`)).toBe(false);
    },
  );

  it('a slug that only starts like a reserved one is a workspace path', () => {
    expect(isSlugStylePath('/demo-shop')).toBe(true);
    expect(isSlugStylePath('/reset-passwords')).toBe(true);
    expect(isSlugStylePath('/acme/admin')).toBe(true);
  });
});

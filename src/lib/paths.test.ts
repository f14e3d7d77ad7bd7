import { describe, expect, it } from 'vitest';
import { isSlugStylePath, RESERVED_SEGMENTS } from './paths.ts';

describe('reserved segments', () => {
  it.each(['forgot-password', 'reset-password', 'login', 'register', 'api'])('%s is never a workspace', (segment) => {
    expect(RESERVED_SEGMENTS.has(segment)).toBe(true);
    expect(isSlugStylePath(`/${segment}`)).toBe(false);
  });

  it('leaves ordinary slugs to workspaces', () => {
    expect(isSlugStylePath('/reset-passwords')).toBe(true);
    expect(isSlugStylePath('/acme/admin')).toBe(true);
  });
});

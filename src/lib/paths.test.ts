import { describe, expect, it } from 'vitest';
import { isSlugStylePath, RESERVED_SEGMENTS } from './paths.ts';

<<<<<<< HEAD
describe('reserved first segments', () => {
  // Registration refuses a reserved slug ("This URL is reserved", src/pages/api/register.ts).
  it.each(['api', 'r', 'wall', 'demo', 'login', 'register', 'logout', 'admin'])('%s is reserved, never a workspace', (segment) => {
=======
describe('reserved segments', () => {
  it.each(['forgot-password', 'reset-password', 'login', 'register', 'api'])('%s is never a workspace', (segment) => {
>>>>>>> password-reset
    expect(RESERVED_SEGMENTS.has(segment)).toBe(true);
    expect(isSlugStylePath(`/${segment}`)).toBe(false);
  });

<<<<<<< HEAD
  it('a slug that only starts like a reserved one is a workspace path', () => {
    expect(isSlugStylePath('/demo-shop')).toBe(true);
=======
  it('leaves ordinary slugs to workspaces', () => {
    expect(isSlugStylePath('/reset-passwords')).toBe(true);
>>>>>>> password-reset
    expect(isSlugStylePath('/acme/admin')).toBe(true);
  });
});

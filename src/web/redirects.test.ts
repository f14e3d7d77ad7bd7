import { describe, expect, it } from 'vitest';
import { redirectFor } from './redirects.ts';

describe('redirectFor, signed in as acme', () => {
  it.each([
    ['/', '/acme'],
    ['/login', '/acme'],
    ['/login/', '/acme'],
    ['/register', '/acme'],
    ['/other-shop', '/acme'],
    ['/other-shop/admin', '/acme'],
    ['/acmeco', '/acme'],
    ['/Whatever', '/acme'],
    ['/acme', null],
    ['/acme/', null],
    ['/acme/admin', null],
    ['/acme/no-such-page', null],
    ['/api/auth/status', null],
    ['/r/some-token', null],
    ['/wall/some-token', null],
    // The public demo stays open to a signed-in visitor too.
    ['/demo', null],
    ['/demo/', null],
    ['/demo-shop', '/acme'],
    ['/_astro/app.js', null],
    ['/favicon.svg', null],
    ['/forgot-password', null],
    ['/reset-password', null],
    ['/reset-password/', null],
    ['/reset-password/extra', null],
    // The privacy and terms pages are for everyone, signed in or not.
    ['/privacy', null],
    ['/terms', null],
  ])('%s -> %s', (path, expected) => {
    expect(redirectFor(path, 'acme')).toBe(expected);
  });
});

describe('redirectFor, signed out', () => {
  it.each([
    ['/', null],
    ['/login', null],
    ['/register', null],
    ['/acme', '/login?slug=acme'],
    ['/acme/admin', '/login?slug=acme'],
    ['/Acme', '/'],
    ['/a', '/'],
    ['/-acme', '/'],
    ['/some_thing/else', '/'],
    ['/api/nothing', null],
    ['/admin', null],
    ['/r/token', null],
    ['/demo', null],
    ['/demo/', null],
    ['/demo-shop', '/login?slug=demo-shop'],
    ['/favicon.svg', null],
    ['/forgot-password', null],
    ['/reset-password', null],
    ['/reset-password/', null],
    ['/privacy', null],
    ['/terms', null],
  ])('%s -> %s', (path, expected) => {
    expect(redirectFor(path, null)).toBe(expected);
  });
});

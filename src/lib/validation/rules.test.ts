import { describe, expect, it } from 'vitest';
import { loginFormErrors, registrationFormErrors, slugProblem } from './rules.ts';

const valid = {
  slug: 'acme-co',
  businessName: 'Acme',
  email: 'owner@acme.example',
  password: 'secret1',
  confirmPassword: 'secret1',
  adminPassword: 'secret2',
  confirmAdminPassword: 'secret2',
};

describe('slugProblem', () => {
  it.each([
    ['acme', undefined],
    ['a1-b2', undefined],
    ['abc', undefined],
    ['a'.repeat(50), undefined],
    ['ab', 'URL must be at least 3 characters'],
    ['a'.repeat(51), 'URL must be less than 50 characters'],
    ['Acme', 'Only lowercase letters, numbers, and hyphens allowed'],
    ['acme co', 'Only lowercase letters, numbers, and hyphens allowed'],
    ['acmé', 'Only lowercase letters, numbers, and hyphens allowed'],
    ['-acme', 'Cannot start or end with hyphen'],
    ['acme-', 'Cannot start or end with hyphen'],
  ])('%j -> %s', (slug, expected) => {
    expect(slugProblem(slug)).toBe(expected);
  });
});

describe('registrationFormErrors', () => {
  it('accepts a valid form', () => {
    expect(registrationFormErrors(valid)).toEqual({});
  });

  it('names every broken field with the spec message', () => {
    expect(
      registrationFormErrors({
        slug: '',
        businessName: ' a ',
        email: 'nope',
        password: '12345',
        confirmPassword: '1234',
        adminPassword: '',
        confirmAdminPassword: 'x',
      }),
    ).toEqual({
      slug: 'URL must be at least 3 characters',
      businessName: 'Business name is required',
      email: 'Valid email required',
      password: 'Staff password must be at least 6 characters',
      confirmPassword: "Staff passwords don't match",
      adminPassword: 'Admin password must be at least 6 characters',
      confirmAdminPassword: "Admin passwords don't match",
    });
  });

  it('shows a mismatch on the confirm field only', () => {
    expect(registrationFormErrors({ ...valid, confirmPassword: 'secret9' })).toEqual({ confirmPassword: "Staff passwords don't match" });
    expect(registrationFormErrors({ ...valid, confirmAdminPassword: 'secret9' })).toEqual({
      confirmAdminPassword: "Admin passwords don't match",
    });
  });
});

describe('loginFormErrors', () => {
  it('asks for both fields', () => {
    expect(loginFormErrors({ slug: ' ', password: '' })).toEqual({
      slug: 'Dashboard URL is required',
      password: 'Password is required',
    });
    expect(loginFormErrors({ slug: 'acme', password: 'x' })).toEqual({});
  });
});

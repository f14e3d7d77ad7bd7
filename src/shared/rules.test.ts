import { describe, expect, it } from 'vitest';
import {
  accountFormErrors,
  forgotPasswordFormErrors,
  loginFormErrors,
  newPasswordsFormErrors,
  NO_NEW_PASSWORD,
  registrationFormErrors,
  slugProblem,
  suggestSlug,
} from './rules.ts';

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

describe('newPasswordsFormErrors', () => {
  const empty = { staffPassword: '', confirmStaffPassword: '', adminPassword: '', confirmAdminPassword: '' };

  it('asks for at least one new password', () => {
    expect(newPasswordsFormErrors(empty)).toEqual({ staffPassword: NO_NEW_PASSWORD });
  });

  it('accepts either password alone, or both', () => {
    expect(newPasswordsFormErrors({ ...empty, staffPassword: 'secret1', confirmStaffPassword: 'secret1' })).toEqual({});
    expect(newPasswordsFormErrors({ ...empty, adminPassword: 'secret2', confirmAdminPassword: 'secret2' })).toEqual({});
    expect(
      newPasswordsFormErrors({ staffPassword: 'secret1', confirmStaffPassword: 'secret1', adminPassword: 'secret2', confirmAdminPassword: 'secret2' }),
    ).toEqual({});
  });

  it('uses the registration messages for short and mismatched passwords', () => {
    expect(newPasswordsFormErrors({ ...empty, staffPassword: '12345', confirmStaffPassword: '12345' })).toEqual({
      staffPassword: 'Staff password must be at least 6 characters',
    });
    expect(newPasswordsFormErrors({ ...empty, staffPassword: 'secret1', confirmStaffPassword: 'secret9' })).toEqual({
      confirmStaffPassword: "Staff passwords don't match",
    });
    expect(newPasswordsFormErrors({ ...empty, adminPassword: '123', confirmAdminPassword: '' })).toEqual({
      adminPassword: 'Admin password must be at least 6 characters',
    });
    expect(newPasswordsFormErrors({ ...empty, confirmAdminPassword: 'secret2' })).toEqual({
      adminPassword: 'Admin password must be at least 6 characters',
    });
    expect(newPasswordsFormErrors({ ...empty, adminPassword: 'secret2', confirmAdminPassword: 'secret3' })).toEqual({
      confirmAdminPassword: "Admin passwords don't match",
    });
  });

  it('can require one of the two (a card that changes only that password)', () => {
    expect(newPasswordsFormErrors(empty, 'admin')).toEqual({ adminPassword: 'Admin password must be at least 6 characters' });
  });
});

describe('forgotPasswordFormErrors and accountFormErrors', () => {
  it('need a dashboard URL and a valid email', () => {
    expect(forgotPasswordFormErrors({ slug: ' ', email: 'nope' })).toEqual({ slug: 'Dashboard URL is required', email: 'Valid email required' });
    expect(forgotPasswordFormErrors({ slug: 'acme', email: 'owner@acme.example' })).toEqual({});
  });

  it('use the registration messages for the business name and email', () => {
    expect(accountFormErrors({ businessName: 'A', email: 'x@' })).toEqual({ businessName: 'Business name is required', email: 'Valid email required' });
    expect(accountFormErrors({ businessName: 'Acme Co', email: 'owner@acme.example' })).toEqual({});
  });
});

describe('suggestSlug', () => {
  it('makes a dashboard URL from a business name or a URL typed with spaces', () => {
    expect(suggestSlug('Smith & Co Accountants')).toBe('smith-and-co-accountants');
    expect(suggestSlug("Joe's Bakery")).toBe('joes-bakery');
    expect(suggestSlug('  Café Olé  ')).toBe('cafe-ole');
    expect(suggestSlug('My Dental')).toBe('my-dental');
    expect(suggestSlug('牙医诊所')).toBe('');
    const long = suggestSlug('A very long business name that goes on and on past fifty characters');
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('-')).toBe(false);
  });
});

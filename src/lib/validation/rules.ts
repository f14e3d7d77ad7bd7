// Field rules shared by the server schemas and the browser forms. Plain functions, no zod, so the
// islands that import them stay within their page-weight budget. Each returns the SPEC.md message of
// the first rule broken, or undefined.

export const SLUG_MIN = 3;
export const SLUG_MAX = 50;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
export const BUSINESS_NAME_MIN = 2;
export const BUSINESS_NAME_MAX = 100;
export const EMAIL_MAX = 254;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

export function slugProblem(slug: string): string | undefined {
  if (slug.length < SLUG_MIN) return 'URL must be at least 3 characters';
  if (slug.length > SLUG_MAX) return 'URL must be less than 50 characters';
  if (!/^[a-z0-9-]+$/.test(slug)) return 'Only lowercase letters, numbers, and hyphens allowed';
  if (slug.startsWith('-') || slug.endsWith('-')) return 'Cannot start or end with hyphen';
  return undefined;
}

export function isSlug(value: string): boolean {
  return slugProblem(value) === undefined;
}

export interface RegistrationForm {
  slug: string;
  businessName: string;
  email: string;
  password: string;
  confirmPassword: string;
  adminPassword: string;
  confirmAdminPassword: string;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

function passwordProblem(value: string, tooShort: string): string | undefined {
  if (value.length < PASSWORD_MIN) return tooShort;
  if (value.length > PASSWORD_MAX) return 'Password must be at most 200 characters';
  return undefined;
}

export const registrationRules = {
  slug: slugProblem,
  businessName: (v: string) =>
    v.trim().length < BUSINESS_NAME_MIN
      ? 'Business name is required'
      : v.trim().length > BUSINESS_NAME_MAX
        ? 'Business name must be at most 100 characters'
        : undefined,
  email: (v: string) => (isEmail(v.trim()) ? undefined : 'Valid email required'),
  password: (v: string) => passwordProblem(v, 'Staff password must be at least 6 characters'),
  adminPassword: (v: string) => passwordProblem(v, 'Admin password must be at least 6 characters'),
};

/** The whole registration form as the browser sees it, confirmations included. */
export function registrationFormErrors(form: RegistrationForm): FieldErrors<keyof RegistrationForm> {
  const errors: FieldErrors<keyof RegistrationForm> = {};
  for (const key of Object.keys(registrationRules) as (keyof typeof registrationRules)[]) {
    const problem = registrationRules[key](form[key]);
    if (problem) errors[key] = problem;
  }
  if (form.password !== form.confirmPassword) errors.confirmPassword = "Staff passwords don't match";
  if (form.adminPassword !== form.confirmAdminPassword) errors.confirmAdminPassword = "Admin passwords don't match";
  return errors;
}

export const loginRules = {
  slug: (v: string) => (v.trim() ? undefined : 'Dashboard URL is required'),
  password: (v: string) => (v ? undefined : 'Password is required'),
};

export function loginFormErrors(form: { slug: string; password: string }): FieldErrors<'slug' | 'password'> {
  const errors: FieldErrors<'slug' | 'password'> = {};
  const slug = loginRules.slug(form.slug);
  const password = loginRules.password(form.password);
  if (slug) errors.slug = slug;
  if (password) errors.password = password;
  return errors;
}

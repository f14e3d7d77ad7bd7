// Field rules shared by the server schemas and the browser forms. Plain functions, no zod, so the
// islands that import them stay within their page-weight budget. Each returns the SPEC.md message of
// the first rule broken, or undefined.
import type { RequestChannel } from './statuses.ts';

export const SLUG_MIN = 3;
export const SLUG_MAX = 50;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
export const BUSINESS_NAME_MIN = 2;
export const BUSINESS_NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** The largest id a row can have (PostgreSQL's integer): a larger one in a path or a body is refused, never queried. */
export const MAX_ROW_ID = 2_147_483_647;

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

/**
 * A dashboard URL made from what someone typed (a business name, or "My Dental" in the URL field):
 * accents dropped, "&" read as "and", anything else between words a hyphen, within SLUG_MAX.
 */
export function suggestSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
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

// Log Review Request (SPEC.md section 5). The log page's island and POST /api/review-requests
// share these; ids arrive from the form's selects as strings.

export const PERSON_NAME_MAX = 100;
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_CONTENT_MAX = 100_000;

export interface LogRequestForm {
  staffFirstName: string;
  staffEmail: string;
  teamId: string;
  email: string;
  firstName: string;
  lastName: string;
  templateId: string;
  /** The customer's mobile number, for a text (issue 29). */
  phone: string;
  /** How the request goes: email, sms or both. */
  channel: RequestChannel;
}

export const PHONE_REQUIRED = 'Customer mobile number is required to send a text';

function requiredName(required: string) {
  return (v: string) => {
    const trimmed = v.trim();
    if (!trimmed) return required;
    if (trimmed.length > PERSON_NAME_MAX) return `Names must be at most ${PERSON_NAME_MAX} characters`;
    return undefined;
  };
}

function requiredEmail(required: string) {
  return (v: string) => {
    const trimmed = v.trim();
    if (!trimmed) return required;
    return isEmail(trimmed) ? undefined : 'Please enter a valid email address';
  };
}

/** A chosen id from a select: a positive whole number (an empty choice means nothing was chosen). */
function requiredChoice(required: string) {
  return (v: string) => (/^\d{1,10}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 2_147_483_647 ? undefined : required);
}

export const logRequestRules = {
  staffFirstName: requiredName('Staff first name is required'),
  staffEmail: requiredEmail('Staff email is required'),
  teamId: requiredChoice('Team selection is required'),
  email: requiredEmail('Customer email is required'),
  firstName: requiredName('Customer first name is required'),
  lastName: requiredName('Customer last name is required'),
  templateId: requiredChoice('Template selection is required'),
};

/** Every field's first broken rule, for the log form. */
export function logRequestFormErrors(form: LogRequestForm): FieldErrors<keyof LogRequestForm> {
  const errors: FieldErrors<keyof LogRequestForm> = {};
  for (const key of Object.keys(logRequestRules) as (keyof typeof logRequestRules)[]) {
    // A request sent by text alone needs no email; one given is still checked.
    if (key === 'email' && form.channel === 'sms' && !form.email.trim()) continue;
    const problem = logRequestRules[key](form[key] ?? '');
    if (problem) errors[key] = problem;
  }
  if (form.channel !== 'email' && !form.phone.trim()) errors.phone = PHONE_REQUIRED;
  return errors;
}

/** "Saw the customer on": empty for today, else a real date (the future is refused where the zone is known). */
export const INTERACTION_DATE_INVALID = 'Saw the customer on must be a date';
export const INTERACTION_DATE_FUTURE = 'Saw the customer on cannot be in the future';

export function interactionDateProblem(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (value === '') return undefined;
  if (!match) return INTERACTION_DATE_INVALID;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? undefined : INTERACTION_DATE_INVALID;
}

// Private feedback left on the review link page (/r/{token}).
export const FEEDBACK_MESSAGE_MAX = 5000;

export function feedbackMessageProblem(message: string): string | undefined {
  const trimmed = message.trim();
  if (!trimmed) return 'Please write your feedback before sending';
  if (trimmed.length > FEEDBACK_MESSAGE_MAX) return `Your feedback must be at most ${FEEDBACK_MESSAGE_MAX} characters`;
  return undefined;
}

// New passwords, set from a reset link or the admin panel's Account card: either or both, each with
// its confirmation, with the registration form's messages.

export interface NewPasswordsForm {
  staffPassword: string;
  confirmStaffPassword: string;
  adminPassword: string;
  confirmAdminPassword: string;
}

/** A new admin email or password needs the current admin password too (src/domain/workspace/auth/account-changes.ts). */
export const CURRENT_ADMIN_PASSWORD_MISSING = 'Enter your current admin password to confirm this change';

export const NO_NEW_PASSWORD = 'Enter a new staff password, a new admin password, or both';

/** The form's problems; an empty pair means "leave that password as it is". */
export function newPasswordsFormErrors(form: NewPasswordsForm, require: 'staff' | 'admin' | 'any' = 'any'): FieldErrors<keyof NewPasswordsForm> {
  const errors: FieldErrors<keyof NewPasswordsForm> = {};
  const staffGiven = form.staffPassword !== '' || form.confirmStaffPassword !== '' || require === 'staff';
  const adminGiven = form.adminPassword !== '' || form.confirmAdminPassword !== '' || require === 'admin';
  if (!staffGiven && !adminGiven) {
    errors.staffPassword = NO_NEW_PASSWORD;
    return errors;
  }
  if (staffGiven) {
    const problem = registrationRules.password(form.staffPassword);
    if (problem) errors.staffPassword = problem;
    else if (form.staffPassword !== form.confirmStaffPassword) errors.confirmStaffPassword = "Staff passwords don't match";
  }
  if (adminGiven) {
    const problem = registrationRules.adminPassword(form.adminPassword);
    if (problem) errors.adminPassword = problem;
    else if (form.adminPassword !== form.confirmAdminPassword) errors.confirmAdminPassword = "Admin passwords don't match";
  }
  return errors;
}

/** The admin email a reset link goes to, as the forgot-password form checks it. */
export const forgotPasswordRules = {
  slug: loginRules.slug,
  email: registrationRules.email,
};

export function forgotPasswordFormErrors(form: { slug: string; email: string }): FieldErrors<'slug' | 'email'> {
  const errors: FieldErrors<'slug' | 'email'> = {};
  const slug = forgotPasswordRules.slug(form.slug);
  const email = forgotPasswordRules.email(form.email);
  if (slug) errors.slug = slug;
  if (email) errors.email = email;
  return errors;
}

/** The Account card's business details: the registration form's rules and messages. */
export function accountFormErrors(form: { businessName: string; email: string }): FieldErrors<'businessName' | 'email'> {
  const errors: FieldErrors<'businessName' | 'email'> = {};
  const businessName = registrationRules.businessName(form.businessName);
  const email = registrationRules.email(form.email);
  if (businessName) errors.businessName = businessName;
  if (email) errors.email = email;
  return errors;
}

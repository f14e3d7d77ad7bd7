import { wallboardRef } from './admin-payloads.ts';
import { z } from 'zod';
import { REQUEST_CHANNELS } from '#shared/statuses.ts';
import { TRIAL_PLANS } from '#shared/plans.ts';
import {
  EMAIL_CONTENT_MAX,
  EMAIL_SUBJECT_MAX,
  feedbackMessageProblem,
  INTERACTION_DATE_INVALID,
  interactionDateProblem,
  loginRules,
  logRequestRules,
  NO_NEW_PASSWORD,
  registrationRules,
} from '#shared/rules.ts';

type Rule = (value: string) => string | undefined;

/** A string field checked by one of the shared rules; a missing or non-string value gets the same message. */
function ruled(rule: Rule, missing: string, transform: (v: string) => string = (v) => v) {
  return z
    .string({ error: missing })
    .transform(transform)
    .superRefine((value, ctx) => {
      const problem = rule(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

const trim = (v: string) => v.trim();

export const registrationPayload = z.object({
  slug: ruled(registrationRules.slug, 'URL must be at least 3 characters', trim),
  businessName: ruled(registrationRules.businessName, 'Business name is required', trim),
  email: ruled(registrationRules.email, 'Valid email required', trim),
  password: ruled(registrationRules.password, 'Staff password must be at least 6 characters'),
  adminPassword: ruled(registrationRules.adminPassword, 'Admin password must be at least 6 characters'),
  /** The pricing card it came from: a trial of that plan. */
  plan: z.enum(TRIAL_PLANS, { error: 'Plan must be starter, team or agency' }).optional(),
  /** The browser's time zone (issue 33), the workspace's until the admin picks another; one not listed is ignored. */
  timezone: z.string({ error: 'Timezone must be text' }).max(100, 'Timezone is too long').optional(),
});

const PASSWORD_INPUT_MAX = 1000;

const passwordInput = ruled(loginRules.password, 'Password is required').pipe(z.string().max(PASSWORD_INPUT_MAX, 'Password is too long'));

export const loginPayload = z.object({
  slug: ruled(loginRules.slug, 'Dashboard URL is required', (v) => v.trim().toLowerCase()).pipe(z.string().max(100, 'Dashboard URL is too long')),
  password: passwordInput,
});

export const adminLoginPayload = z.object({ password: passwordInput });

const newPasswordFields = {
  staffPassword: ruled(registrationRules.password, 'Staff password must be at least 6 characters').optional(),
  adminPassword: ruled(registrationRules.adminPassword, 'Admin password must be at least 6 characters').optional(),
};

const someNewPassword = (p: { staffPassword?: string; adminPassword?: string }) => p.staffPassword !== undefined || p.adminPassword !== undefined;

/** What confirms a change an admin session alone may not make (src/domain/workspace/auth/account-changes.ts); checked there. */
const currentAdminPassword = z.string({ error: 'The current admin password must be text' }).max(PASSWORD_INPUT_MAX, 'Password is too long').optional();

export const passwordsPayload = z
  .object({ ...newPasswordFields, currentAdminPassword })
  .refine(someNewPassword, { message: 'Give a new staff or admin password', path: ['staffPassword'] });

export const RESET_TOKEN_MAX = 200;

/** POST /api/auth/reset-password: the link's token and the new passwords. */
export const resetPasswordPayload = z
  .object({
    token: z.string({ error: 'The reset link is incomplete' }).min(1, 'The reset link is incomplete').max(RESET_TOKEN_MAX, 'The reset link is not valid'),
    ...newPasswordFields,
  })
  .refine(someNewPassword, { message: NO_NEW_PASSWORD, path: ['staffPassword'] });

/** POST /api/auth/forgot-password. */
export const forgotPasswordPayload = z.object({
  slug: ruled(loginRules.slug, 'Dashboard URL is required', (v) => v.trim().toLowerCase()).pipe(z.string().max(100, 'Dashboard URL is too long')),
  email: ruled(registrationRules.email, 'Valid email required', trim),
});

/** PUT /api/admin/account: the business name and the admin email, either or both. */
export const accountPayload = z
  .object({
    businessName: ruled(registrationRules.businessName, 'Business name is required', trim).optional(),
    email: ruled(registrationRules.email, 'Valid email required', trim).optional(),
    currentAdminPassword,
  })
  .refine((p) => p.businessName !== undefined || p.email !== undefined, { message: 'Business name is required', path: ['businessName'] });

export const kioskLinkPayload = z.object({
  label: z.string({ error: 'Give the display a name' }).trim().min(1, 'Give the display a name').max(60, 'The name must be at most 60 characters'),
  wallboardId: wallboardRef,
});

const FILL_ALL_FIELDS = 'Please fill in all fields';

export const testReviewPayload = z.object({
  reviewerName: z.string({ error: FILL_ALL_FIELDS }).trim().min(1, FILL_ALL_FIELDS).max(200, 'Reviewer name is too long'),
  rating: z.coerce
    .number({ error: 'Rating must be from 1 to 5' })
    .int('Rating must be from 1 to 5')
    .min(1, 'Rating must be from 1 to 5')
    .max(5, 'Rating must be from 1 to 5'),
  reviewText: z.string({ error: FILL_ALL_FIELDS }).trim().min(1, FILL_ALL_FIELDS).max(5000, 'Comment is too long'),
  source: z.enum(['ghl', 'google'], { error: 'Source must be "ghl" or "google"' }).default('google'),
  slug: z.string().max(100).optional(),
});

/** An id chosen in a select: a number, or a numeric string as a form sends it. */
function chosenId(rule: Rule, missing: string) {
  return z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), ruled(rule, missing, trim)).transform(Number);
}

/** POST /api/review-requests (SPEC.md section 3 "Log-request payload", messages of section 5). */
export const logRequestPayload = z.object({
  staffFirstName: ruled(logRequestRules.staffFirstName, 'Staff first name is required', trim),
  staffEmail: ruled(logRequestRules.staffEmail, 'Staff email is required', trim),
  teamId: chosenId(logRequestRules.teamId, 'Team selection is required'),
  /** Required unless the request goes by text only (checked where the channel is known: the workspace's default). */
  email: z
    .string({ error: 'Customer email is required' })
    .nullish()
    .transform((v) => (v ?? '').trim())
    .superRefine((value, ctx) => {
      const problem = value === '' ? undefined : logRequestRules.email(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** The customer's mobile number: E.164, or national in the workspace's phone country. */
  phone: z
    .string({ error: 'Mobile number must be text' })
    .max(40, 'That mobile number is too long')
    .nullish()
    .transform((v) => (v ?? '').trim()),
  /** email, sms or both; missing: the workspace's sms_default_channel. */
  channel: z.enum(REQUEST_CHANNELS, { error: `Channel is one of ${REQUEST_CHANNELS.join(', ')}` }).nullish(),
  firstName: ruled(logRequestRules.firstName, 'Customer first name is required', trim),
  lastName: ruled(logRequestRules.lastName, 'Customer last name is required', trim),
  templateId: chosenId(logRequestRules.templateId, 'Template selection is required'),
  customEmailSubject: z
    .string({ error: 'The email subject must be text' })
    .max(EMAIL_SUBJECT_MAX, `The email subject must be at most ${EMAIL_SUBJECT_MAX} characters`)
    .nullish()
    .transform((v) => (v ?? '').replace(/[\r\n]+/g, ' ').trim()),
  customEmailContent: z
    .string({ error: 'The email content must be text' })
    .max(EMAIL_CONTENT_MAX, 'The email content is too long')
    .nullish()
    .transform((v) => v ?? ''),
  /** "Saw the customer on" (YYYY-MM-DD); empty or missing: today in the workspace's zone. */
  interactionDate: ruled(interactionDateProblem, INTERACTION_DATE_INVALID, trim)
    .nullish()
    .transform((v) => v ?? ''),
});

export type LogRequestPayload = z.infer<typeof logRequestPayload>;

/** POST /api/review-link/{token}/feedback: the customer's private feedback. */
export const privateFeedbackPayload = z.object({
  message: ruled(feedbackMessageProblem, 'Please write your feedback before sending', trim),
});

/** POST /api/gmb/fetch-details. */
export const fetchDetailsPayload = z.object({
  reviewLink: z.string({ error: 'reviewLink is required' }).trim().min(1, 'reviewLink is required').max(2000, 'reviewLink is too long'),
});

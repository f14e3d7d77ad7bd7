import { z } from 'zod';
import 'zod-openapi';
import { API_KEY_SCOPES, MATCH_STATUSES, OUTBOX_STATUSES, REQUEST_CHANNELS, SMS_STATUSES } from '#shared/statuses.ts';
import { logRequestPayload } from './payloads.ts';

// The public API's payloads and answers (docs/decisions/039): the handlers validate with these
// schemas and src/web/api-v1/openapi.ts renders the OpenAPI document from the very same ones.

const isoTime = z.string().meta({ format: 'date-time', description: 'ISO 8601, UTC' });
const id = z.number().int().min(1).meta({ example: 42 });
/** A count of things: never below zero. */
const count = z.number().int().min(0);

/** POST /api/admin/api-keys. */
export const apiKeyCreatePayload = z.object({
  name: z.string({ error: 'Give the key a name' }).trim().min(1, 'Give the key a name').max(60, 'The name must be at most 60 characters'),
  scope: z.enum(API_KEY_SCOPES, { error: 'Scope must be "read" or "write"' }),
});

/**
 * POST /api/v1/review-requests: the log form's payload (SPEC.md section 3), with templateId optional
 * when the workspace has exactly one active template.
 */
const idOverride = ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
  // What the preprocessing makes of the field is not the schema's own type: the document says either.
  delete jsonSchema.type;
  jsonSchema.anyOf = [
    { type: 'integer', minimum: 1 },
    { type: 'string', pattern: '^\\d+$' },
  ];
};
const shape = logRequestPayload.shape;
export const apiReviewRequestPayload = logRequestPayload
  .extend({
    staffFirstName: shape.staffFirstName.meta({ description: 'The first name of the staff member who saw the customer.', example: 'Tom' }),
    staffEmail: shape.staffEmail.meta({ description: "The staff member's email: the person the request counts for.", example: 'tom@example.com' }),
    // A select sends ids as strings: both are taken (preprocessed), which the generator cannot see.
    teamId: shape.teamId.meta({ description: 'The team (GET /teams).', example: 7, override: idOverride }),
    email: shape.email.meta({
      description: "The customer's email: where the request is sent. Not needed when it goes by text alone.",
      example: 'sarah@example.net',
    }),
    phone: shape.phone.meta({
      description: "The customer's mobile number, for a text: E.164, or as dialled in the workspace's phone country.",
      example: '+61412345678',
    }),
    channel: shape.channel.meta({ description: "How to ask: email, sms or both. Left out: the workspace's sms_default_channel (email unless changed)." }),
    firstName: shape.firstName.meta({ example: 'Sarah' }),
    lastName: shape.lastName.meta({ example: 'Kim' }),
    templateId: shape.templateId.optional().meta({
      description: 'The email template. May be left out when the workspace has exactly one active template.',
      example: 3,
      override: idOverride,
    }),
    customEmailSubject: shape.customEmailSubject.meta({ description: "The email's subject; the template's when empty." }),
    customEmailContent: shape.customEmailContent.meta({
      description: "The email's HTML body; the template's when empty. Placeholders such as {firstName} are filled.",
    }),
    interactionDate: shape.interactionDate.meta({
      description: 'The day the staff member saw the customer (YYYY-MM-DD, not in the future); today when empty.',
      example: '2026-05-04',
    }),
  })
  // A field the API does not know is refused, not dropped: a client that misspells one hears of it.
  .strict()
  .meta({
    id: 'ReviewRequestCreate',
    description: 'Fields as the "Log a review request" form sends them.',
    override: ({ jsonSchema }) => {
      jsonSchema.required = [...new Set([...(jsonSchema.required ?? []), 'teamId'])];
    },
  });

export type ApiReviewRequestPayload = z.infer<typeof apiReviewRequestPayload>;

export const REVIEW_TEXT_MAX = 5000;

/** POST /api/v1/reviews: a review the caller saw (a CRM's review action), matched like every other. */
export const apiReviewPayload = z
  .object({
    reviewerName: z
      .string({ error: 'reviewerName is required' })
      .trim()
      .min(1, 'reviewerName is required')
      .max(200, 'reviewerName is too long')
      .meta({ example: 'Sarah Kim' }),
    rating: z
      .number({ error: 'rating must be a whole number from 1 to 5' })
      .int('rating must be a whole number from 1 to 5')
      .min(1, 'rating must be a whole number from 1 to 5')
      .max(5, 'rating must be a whole number from 1 to 5'),
    comment: z.string().max(REVIEW_TEXT_MAX, 'comment is too long').nullish(),
    createTime: z.iso
      .datetime({ offset: true, error: 'createTime must be an ISO 8601 date and time' })
      .optional()
      .meta({ description: 'When the review was written; now when left out.' }),
    externalId: z
      .string()
      .trim()
      .min(1)
      .max(200, 'externalId is too long')
      .optional()
      .meta({ description: "Your system's id for the review: a second delivery with the same id changes the stored review instead of adding one." }),
    platform: z.string().trim().max(100, 'platform is too long').optional().meta({ example: 'Google' }),
    reviewUrl: z
      .url({ protocol: /^https?$/, error: 'reviewUrl must be an http(s) address' })
      .max(2000)
      .optional(),
  })
  .strict()
  .meta({ id: 'ReviewCreate' });

export type ApiReviewPayload = z.infer<typeof apiReviewPayload>;

export const problemSchema = z
  .object({
    type: z.string().meta({ example: 'about:blank' }),
    title: z.string().meta({ example: 'Bad Request' }),
    status: z.number().int().meta({ example: 400 }),
    detail: z.string().meta({ example: 'Team selection is required' }),
    message: z.string().meta({ description: "The same as detail (the shape of the product's other endpoints)." }),
    field: z.string().optional().meta({ description: 'The field at fault, when there is one.', example: 'teamId' }),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

export const apiKeyItemSchema = z
  .object({
    id,
    name: z.string(),
    scope: z.enum(API_KEY_SCOPES),
    prefix: z.string().meta({ example: 'rc_live_AbCd' }),
    createdAt: isoTime,
    lastUsedAt: isoTime.nullable(),
  })
  .meta({ id: 'ApiKey' });

export const teamSchema = z
  .object({
    id,
    name: z.string().meta({ example: 'Front Desk' }),
    color: z.string().meta({ example: '#2563EB' }),
    reviews: count.meta({ description: 'Reviews counted for the team in the challenge window.' }),
    weeklyGoal: z.number().int().optional(),
    wallboardId: z.number().int().optional(),
    readOnly: z.literal(true).optional().meta({ description: "Over the plan's team limit: shown, but requests cannot be logged to it." }),
  })
  .meta({ id: 'Team' });

export const staffSchema = z
  .object({
    id,
    firstName: z.string().meta({ example: 'Tom' }),
    email: z.string().meta({ example: 'tom@example.com' }),
    active: z.boolean(),
    requests: count.meta({ description: 'Review requests the person logged.' }),
    createdAt: isoTime,
  })
  .meta({ id: 'StaffMember' });

export const loggedRequestSchema = z
  .object({
    id,
    campaignId: z.number().int(),
    inviteId: z.number().int(),
    customerName: z.string(),
    customerEmail: z.string(),
    staffFirstName: z.string(),
    teamId: z.number().int(),
    teamName: z.string(),
    createdAt: isoTime,
    channel: z.enum(REQUEST_CHANNELS).meta({ description: 'How the request went to the customer: email, sms (a text message) or both.' }),
    phone: z.string().optional().meta({ description: 'The mobile number it was texted to, in E.164.', example: '+61412345678' }),
    emailStatus: z
      .enum(OUTBOX_STATUSES)
      .optional()
      .meta({ description: 'Only when it went by email: what became of the email. The request is stored even when it could not be sent.' }),
    smsStatus: z.enum(SMS_STATUSES).optional().meta({ description: 'Only when it went by text: where the text stands.' }),
    smsScheduledFor: isoTime.optional().meta({ description: 'Only when quiet hours hold the text: when it will go.' }),
    reviewLink: z.string().optional().meta({ description: "Only when no email was sent: the customer's review link." }),
  })
  .meta({ id: 'LoggedReviewRequest' });

export const reviewRequestSchema = z
  .object({
    id,
    teamId: z.number().int().nullable(),
    staffId: z.number().int(),
    staffFirstName: z.string(),
    staffEmail: z.string(),
    customerFirstName: z.string(),
    customerLastName: z.string(),
    customerEmail: z.string(),
    interactionDate: z.string().nullable().meta({ format: 'date' }),
    createdAt: isoTime,
    sentAt: isoTime.nullable(),
    clickedAt: isoTime.nullable(),
    reviewId: z.number().int().nullable().meta({ description: 'The review matched to the request, if any.' }),
  })
  .meta({ id: 'ReviewRequest' });

export const reviewSchema = z
  .object({
    id,
    kind: z.enum(['google', 'action']),
    source: z.enum(['google', 'crm', 'test']),
    reviewerName: z.string().nullable(),
    rating: z.number().int(),
    comment: z.string().nullable(),
    createTime: isoTime,
    receivedAt: isoTime,
    platform: z.string().nullable(),
    matchStatus: z.enum(MATCH_STATUSES),
    matchConfidence: z.number().int().nullable().meta({ description: "The matcher's confidence, 0 to 100, when it matched." }),
    teamId: z.number().int().nullable(),
    requestId: z.number().int().nullable(),
  })
  .meta({ id: 'Review' });

export const reviewListQuery = z.object({
  limit: z.string().optional().meta({ description: 'Page size, 1 to 1000 (default 1000).', example: '50' }),
  offset: z.string().optional().meta({ description: 'Items to skip (default 0). A full page answers a Link header to the next one.', example: '0' }),
  matchStatus: z.enum(MATCH_STATUSES).optional().meta({ description: 'Only reviews with this match status.' }),
});

export const pageQuery = reviewListQuery.pick({ limit: true, offset: true });

const dashboardTeam = z.looseObject({
  id,
  name: z.string(),
  color: z.string(),
  reviews: count,
  reviewRequestsSent: count,
  averageRating: z
    .number()
    .min(0)
    .max(5)
    .meta({ description: "The average stars of the team's counted reviews, with one decimal; 0 when it has none.", example: 4.7 }),
  score: z.number().min(0),
  rank: z.number().int().min(1).nullable(),
  weekReviews: count,
  weeklyGoal: z.number().int().min(1).nullable(),
});

export const dashboardSchema = z
  .looseObject({
    teams: z.array(dashboardTeam),
    totals: z.object({ requestsSent: count, googleReviews: count }),
    targetReviews: count,
    companyName: z.string(),
    companyLogo: z.string().nullable(),
    week: z.looseObject({ number: z.number().int().min(1), startsAt: isoTime, endsAt: isoTime, goal: z.number().int().min(1).nullable(), reviews: count }),
    people: z.array(z.looseObject({})),
    latestReviews: z.array(z.looseObject({})),
  })
  .meta({ id: 'Dashboard', description: 'The wallboard\'s data (SPEC.md section 3 "Dashboard payload").' });

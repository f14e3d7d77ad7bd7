import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { MAX_JSON_DEPTH } from '#contracts/json-input.ts';
import { MAX_JSON_BODY_BYTES } from '../http.ts';
import { IDEMPOTENCY_KEY_MAX } from './idempotency.ts';
import { RATE_LIMIT, RATE_WINDOW_MS } from './keys.ts';
import {
  apiReviewPayload,
  apiReviewRequestPayload,
  dashboardSchema,
  loggedRequestSchema,
  pageQuery,
  problemSchema,
  reviewListQuery,
  reviewRequestSchema,
  reviewSchema,
  staffSchema,
  teamSchema,
} from '#contracts/api-v1.ts';

// The OpenAPI 3.1 document of /api/v1, rendered from the zod schemas the handlers validate with
// (src/contracts/api-v1.ts). Served at /api/v1/openapi.json and read by the reference at /docs/api.

export const API_BASE = '/api/v1';

const problemContent = { 'application/problem+json': { schema: problemSchema } };
const rateHeaders = {
  'RateLimit-Limit': { description: `Requests allowed per window (${RATE_LIMIT}).`, schema: { type: 'integer' as const } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' as const } },
  'RateLimit-Reset': { description: 'Seconds until the window ends.', schema: { type: 'integer' as const } },
};
const linkHeader = { Link: { description: 'When the page came back full: `<next page>; rel="next"`.', schema: { type: 'string' as const } } };

const errors = (...statuses: number[]): ZodOpenApiResponsesObject => {
  const text: Record<number, string> = {
    400: `The request is not valid (\`field\` names the field at fault): a wrong value, a field the body does not have, or JSON nested deeper than ${MAX_JSON_DEPTH} levels.`,
    401: 'No key, an unknown key or a revoked key.',
    403: "A read key tried to write, or the workspace's plan does not allow it.",
    404: "Not found: an id (in the path, or teamId and templateId in a body) that is not of the key's workspace.",
    409: 'Conflict.',
    413: `The body is larger than ${MAX_JSON_BODY_BYTES / 1024 / 1024} MB.`,
    422: 'The Idempotency-Key was used before with another request.',
    429: `More than ${RATE_LIMIT} requests in ${RATE_WINDOW_MS / 1000} seconds: see Retry-After.`,
  };
  return Object.fromEntries([401, 429, ...statuses].map((s) => [String(s), { description: text[s] ?? 'Error', content: problemContent }]));
};

const ok = (description: string, schema: z.ZodType, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { ...rateHeaders, ...headers },
  content: { 'application/json': { schema } },
});

const idempotencyKey = z.string().max(IDEMPOTENCY_KEY_MAX).optional().meta({
  description: 'Any unique string (a UUID): a retry with the same key and body answers the first result again and creates nothing more. Kept for 24 hours.',
});

const pathId = z.string().regex(/^\d+$/).meta({ description: "The id (of the key's workspace).", example: '42' });

const operations: Record<string, Record<'get' | 'post', ZodOpenApiOperationObject | undefined>> = {
  '/teams': {
    get: {
      operationId: 'listTeams',
      summary: 'List teams',
      tags: ['Teams'],
      responses: { '200': ok("The workspace's teams.", z.array(teamSchema)), ...errors() },
    },
    post: undefined,
  },
  '/staff': {
    get: {
      operationId: 'listStaff',
      summary: 'List staff',
      description: 'The people who log review requests, by first name, with their request counts.',
      tags: ['Staff'],
      responses: { '200': ok("The workspace's staff.", z.array(staffSchema)), ...errors() },
    },
    post: undefined,
  },
  '/review-requests': {
    get: {
      operationId: 'listReviewRequests',
      summary: 'List review requests',
      description: 'Newest first, a page at a time.',
      tags: ['Review requests'],
      requestParams: { query: pageQuery },
      responses: { '200': ok('One page of review requests.', z.array(reviewRequestSchema), linkHeader), ...errors(400) },
    },
    post: {
      operationId: 'createReviewRequest',
      summary: 'Log a review request',
      description:
        'Logs a review request exactly as the "Log a review request" form does, and sends the customer the email. The answer is 201 even when the email could not be sent: `emailStatus` says what became of it. Needs a write key.',
      tags: ['Review requests'],
      requestParams: { header: z.object({ 'Idempotency-Key': idempotencyKey }) },
      requestBody: { required: true, content: { 'application/json': { schema: apiReviewRequestPayload } } },
      responses: { '201': ok('The logged request.', loggedRequestSchema), ...errors(400, 403, 404, 409, 413, 422) },
    },
  },
  '/review-requests/{id}': {
    get: {
      operationId: 'getReviewRequest',
      summary: 'Get a review request',
      tags: ['Review requests'],
      requestParams: { path: z.object({ id: pathId }) },
      responses: { '200': ok('The review request.', reviewRequestSchema), ...errors(404) },
    },
    post: undefined,
  },
  '/reviews': {
    get: {
      operationId: 'listReviews',
      summary: 'List reviews',
      description: "Newest first, a page at a time, with each review's match status.",
      tags: ['Reviews'],
      requestParams: { query: reviewListQuery },
      responses: { '200': ok('One page of reviews.', z.array(reviewSchema), linkHeader), ...errors(400) },
    },
    post: {
      operationId: 'createReview',
      summary: 'Add a review',
      description:
        'A review your system saw (a CRM review action): stored and matched to a review request like every other review. Answered with its match status. Needs a write key.',
      tags: ['Reviews'],
      requestParams: { header: z.object({ 'Idempotency-Key': idempotencyKey }) },
      requestBody: { required: true, content: { 'application/json': { schema: apiReviewPayload } } },
      responses: {
        '201': ok('The new review, matched.', reviewSchema),
        '200': ok('A review with this externalId was already stored: the stored review.', reviewSchema),
        ...errors(400, 403, 409, 413, 422),
      },
    },
  },
  '/reviews/{id}': {
    get: {
      operationId: 'getReview',
      summary: 'Get a review',
      description: 'With its match status.',
      tags: ['Reviews'],
      requestParams: { path: z.object({ id: pathId }) },
      responses: { '200': ok('The review.', reviewSchema), ...errors(404) },
    },
    post: undefined,
  },
  '/dashboard': {
    get: {
      operationId: 'getDashboard',
      summary: 'Get the dashboard',
      description: "The wallboard's figures: teams and their scores, totals, this week, the people leaderboard and the latest reviews.",
      tags: ['Dashboard'],
      responses: { '200': ok('The dashboard.', dashboardSchema), ...errors() },
    },
    post: undefined,
  },
};

/** Every route of /api/v1 with its methods (the OpenAPI document itself included). */
export const API_ROUTES: { path: string; methods: ('GET' | 'POST')[] }[] = [
  ...Object.entries(operations).map(([path, ops]) => ({
    path: API_BASE + path,
    methods: (['get', 'post'] as const).filter((m) => ops[m]).map((m) => m.toUpperCase() as 'GET' | 'POST'),
  })),
  { path: `${API_BASE}/openapi.json`, methods: ['GET'] },
];

let cached: ReturnType<typeof createDocument> | null = null;

export function openApiDocument(): ReturnType<typeof createDocument> {
  cached ??= createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Review Challenge API',
        version: '1.0.0',
        description: [
          'The public REST API of Review Challenge: log review requests from your CRM, add reviews, read teams, staff, reviews and the dashboard.',
          '',
          "**Keys.** An admin creates a key in the admin panel (API keys card), scoped *read* or *write*. Send it as `Authorization: Bearer rc_live_...`. Every id is of the key's workspace: another workspace's ids are not found.",
          '',
          `**Rate limit.** ${RATE_LIMIT} requests per ${RATE_WINDOW_MS / 1000} seconds per key; every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`, and a refused one \`Retry-After\`.`,
          '',
          '**Errors.** Every error is `application/problem+json` (RFC 9457): `type`, `title`, `status`, `detail`, plus `message` (the same as detail) and `field` when one field is at fault.',
          '',
          '**Creates.** Send an `Idempotency-Key` header with POSTs to retry safely.',
        ].join('\n'),
      },
      servers: [{ url: API_BASE }],
      security: [{ apiKey: [] }],
      components: {
        securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from the admin panel: `rc_live_...`.' } },
      },
      paths: {
        ...Object.fromEntries(
          Object.entries(operations).map(([path, ops]) => [path, Object.fromEntries(Object.entries(ops).filter(([, op]) => op !== undefined))]),
        ),
        '/openapi.json': {
          get: {
            operationId: 'getOpenApiDocument',
            summary: 'This OpenAPI document',
            tags: ['Reference'],
            security: [],
            responses: {
              '200': { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } } },
            },
          },
        },
      },
    },
    {},
  );
  return cached;
}

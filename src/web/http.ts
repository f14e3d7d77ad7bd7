import type { z } from 'zod';
import { nextPage, PAGE_PROBLEM, pageOf, type Page } from '#shared/paging.ts';
import { MAX_ROW_ID } from '#shared/rules.ts';
import type { PlanLimitName } from '#shared/plans.ts';
import type { Refusal } from '#contracts/refusal.ts';
import { parseJsonText, unsafeInput } from '#contracts/json-input.ts';

export const MAX_JSON_BODY_BYTES = 2 * 1024 * 1024;

export function json(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  return jsonText(JSON.stringify(data), status, headers);
}

/** The answer `json` gives, for a body already made into JSON (a shared dashboard snapshot's). */
export function jsonText(text: string, status = 200, headers: HeadersInit = {}): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** Every error answer: {"message"}, plus "field" when one field is at fault. */
export function errorJson(status: number, message: string, field?: string): Response {
  return json(field ? { message, field } : { message }, status);
}

export const badRequest = (message: string, field?: string) => errorJson(400, message, field);
export const unauthorized = (message = 'Authentication required') => errorJson(401, message);
export const forbidden = (message = 'Admin access required') => errorJson(403, message);
export const notFound = (message = 'Not found') => errorJson(404, message);

/** The header that tells a plan's refusal from a lost admin session (both 403; only the latter locks the admin panel). */
export const PLAN_LIMIT_HEADER = 'x-plan-limit';

/** A refusal by the workspace's plan: 403 with a message naming the limit. */
export function planLimitRefused(message: string, limit: PlanLimitName, field?: string): Response {
  const response = errorJson(403, message, field);
  response.headers.set(PLAN_LIMIT_HEADER, limit);
  return response;
}

/** A wing's refusal, answered once for every route: a plan's limit with its header, any other with its status. */
export function refused(refusal: Refusal): Response {
  return refusal.planLimit ? planLimitRefused(refusal.message, refusal.planLimit, refusal.field) : errorJson(refusal.status, refusal.message, refusal.field);
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

export type RawBody = { ok: true; raw: Uint8Array } | { ok: false; status: 400 | 413; message: string };

/** The raw body up to `max` bytes, or why not: a body that could not be read (400) or is longer (413). */
export async function readRawBody(request: Request, max: number = MAX_JSON_BODY_BYTES): Promise<RawBody> {
  let raw: Uint8Array | null;
  try {
    raw = await readBodyUpTo(request, max);
  } catch {
    return { ok: false, status: 400, message: 'Request body could not be read' };
  }
  return raw === null ? { ok: false, status: 413, message: 'Request body is too large' } : { ok: true, raw };
}

/** Reads a JSON body and checks it against the payload's schema; any failure is a 4xx answer. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<Parsed<z.infer<S>>> {
  const rawBody = await readRawBody(request);
  if (!rawBody.ok) return { ok: false, response: errorJson(rawBody.status, rawBody.message) };
  const text = new TextDecoder().decode(rawBody.raw);
  const read = text.trim() === '' ? ({ ok: true, value: {} } as const) : parseJsonText(text);
  if (!read.ok) return { ok: false, response: badRequest(read.message) };
  const body = read.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, response: badRequest('Request body must be a JSON object') };
  }
  const unsafe = unsafeInput(body);
  if (unsafe) return { ok: false, response: badRequest(unsafe.message, unsafe.field) };
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    if (issue?.code === 'unrecognized_keys') {
      // A strict payload (the public API's) refuses a field it does not know rather than drop it.
      return { ok: false, response: badRequest(`Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`, issue.keys[0]) };
    }
    const field = issue?.path.length ? String(issue.path[0]) : undefined;
    return { ok: false, response: badRequest(issue?.message ?? 'Invalid request', field) };
  }
  return { ok: true, data: result.data };
}

/**
 * A numeric id from a URL's path or query, or null for anything else, out of the database's range
 * included (which the handler answers with a 4xx, never a query that fails).
 */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}

/**
 * The raw body, read no further than `max` bytes (a chunked body declares no length): null when
 * it is longer, and the rest is never read into memory.
 */
export async function readBodyUpTo(request: Request, max: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get('content-length') ?? 0) > max) return null;
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Answers one page of a list, read from the request's ?limit= and ?offset=; 400 for a bad page. */
export async function jsonPage<T>(url: URL, list: (page: Page) => Promise<T[]>): Promise<Response> {
  const page = pageOf(url);
  if (!page) return badRequest(PAGE_PROBLEM, 'limit');
  const rows = await list(page);
  const next = nextPage(url, page, rows.length);
  return json(rows, 200, next ? { link: `<${next}>; rel="next"` } : {});
}

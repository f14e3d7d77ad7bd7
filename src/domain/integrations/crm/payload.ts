import { createHash } from 'node:crypto';
import { JSON_TOO_DEEP, parseJsonText } from '#contracts/json-input.ts';
import { readCrmDate } from './dates.ts';

// What a CRM webhook delivery says about a review. HighLevel's "Review Received" workflow sends the
// review as custom values whose names the workflow's author picks (INTEGRATIONS.md): they are read
// from customData, the top level and a nested review object, under the obvious spellings, and a
// documented generic form {reviewId, reviewerName, rating, reviewText, createdAt, reviewUrl, source}
// is the same thing. HighLevel never retries a refusal, so only a delivery that cannot be a review at
// all (no rating) is refused: a malformed optional field is dropped, never a reason to lose a review.

export interface CrmReview {
  externalId: string;
  reviewerName: string | null;
  rating: number;
  reviewText: string | null;
  /** When the review was written; null means "now" (the time of receipt). */
  createdAt: Date | null;
  reviewUrl: string | null;
  /** Where the CRM says the review was written (Google, Facebook, ...). */
  platform: string | null;
  /** The contact's phone number as the CRM sent it (HighLevel's contact data carries `phone`). */
  phone: string | null;
}

export type CrmBody = Record<string, unknown>;
export type CrmParse = { ok: true; review: CrmReview } | { ok: false; field: string; message: string };

const SPELLINGS = {
  reviewerName: ['reviewerName', 'reviewer_name', 'reviewer', 'name', 'full_name', 'fullName', 'author', 'author_name'],
  rating: ['rating', 'starRating', 'star_rating', 'stars', 'review_rating', 'reviewRating'],
  reviewText: ['reviewText', 'review_text', 'comment', 'review', 'body', 'text'],
  reviewId: ['reviewId', 'review_id', 'id'],
  createdAt: ['createdAt', 'created_at', 'dateAdded', 'date_added', 'createTime', 'timestamp', 'date', 'review_date', 'reviewDate'],
  reviewUrl: ['reviewUrl', 'review_url', 'url', 'link', 'reviewLink', 'review_link'],
  platform: ['platform', 'source', 'reviewSource', 'review_source'],
  phone: ['phone', 'phoneNumber', 'phone_number', 'contactPhone', 'contact_phone', 'customerPhone', 'customer_phone', 'mobile'],
} as const;

/** Where a workflow puts the review's values, in the order they are looked at. */
const PLACES = ['customData', 'custom_data', null, 'review', 'triggerData', 'data'] as const;

const STAR_WORDS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
const NAME_MAX = 200;
const TEXT_MAX = 10_000;
const ID_MAX = 200;
const URL_MAX = 2000;
const PLATFORM_MAX = 50;
const PHONE_MAX = 40;

export type BodyRead = { ok: true; body: CrmBody } | { ok: false; message: string };

/** The delivery's body as an object: JSON, or a form-encoded body read the same way. */
export function readCrmBody(text: string, contentType: string | null): BodyRead {
  const formEncoded = /application\/x-www-form-urlencoded/i.test(contentType ?? '');
  if (!formEncoded) {
    const parsed = parseJsonText(text);
    if (parsed.ok) return isRecord(parsed.value) ? { ok: true, body: parsed.value } : { ok: false, message: 'The body must be a JSON object' };
    if (parsed.message === JSON_TOO_DEEP) return { ok: false, message: parsed.message };
    if (!/^[^{[\s][^\s]*=/.test(text)) return { ok: false, message: 'The body must be JSON or form-encoded' };
  }
  return { ok: true, body: fromForm(text) };
}

/** Form fields as an object; `customData[rating]=5` becomes {customData: {rating: "5"}}. */
function fromForm(text: string): CrmBody {
  const body: CrmBody = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const nested = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key);
    if (!nested) {
      body[key] = value;
      continue;
    }
    const outer = nested[1]!;
    const inner = isRecord(body[outer]) ? (body[outer] as CrmBody) : (body[outer] = {} as CrmBody);
    inner[nested[2]!] = value;
  }
  return body;
}

/** HighLevel marketplace webhooks carry a webhookId, the same on every re-delivery. */
export function crmWebhookId(body: CrmBody): string | null {
  return cleanText(body.webhookId ?? body.webhook_id, ID_MAX);
}

export interface ParseContext {
  /** The webhookId, or an id made for this delivery: keys a review that has no id of its own. */
  deliveryKey: string;
  /** The workspace's time zone, for dates that carry none. */
  timeZone: string;
  now: Date;
}

export function parseCrmPayload(body: CrmBody, context: ParseContext): CrmParse {
  const stars = readRating(pick(body, SPELLINGS.rating));
  if (stars === null) return { ok: false, field: 'rating', message: 'rating must be a number of stars from 1 to 5' };
  const reviewerName = cleanText(pick(body, SPELLINGS.reviewerName), NAME_MAX);
  const reviewText = cleanText(pick(body, SPELLINGS.reviewText), TEXT_MAX);
  const reviewId = cleanText(pick(body, SPELLINGS.reviewId), Infinity);
  const createdAt = readCrmDate(pick(body, SPELLINGS.createdAt), context.timeZone, context.now);
  const review = {
    reviewerName,
    rating: stars,
    reviewText,
    createdAt,
    reviewUrl: readUrl(pick(body, SPELLINGS.reviewUrl)),
    platform: cleanText(pick(body, SPELLINGS.platform), PLATFORM_MAX),
    phone: cleanText(pick(body, SPELLINGS.phone), PHONE_MAX),
  };
  // Without a review id, the delivery identifies the review: a re-delivery (same webhookId) is one
  // review, and two customers called John who both gave 5 stars are two.
  const externalId = !reviewId ? `delivery-${digest(context.deliveryKey)}` : reviewId.length <= ID_MAX ? reviewId : `id-${digest(reviewId)}`;
  return { ok: true, review: { externalId, ...review } };
}

function pick(body: CrmBody, names: readonly string[]): unknown {
  for (const place of PLACES) {
    const values = place === null ? body : body[place];
    if (!isRecord(values)) continue;
    for (const name of names) {
      const value = values[name];
      if (value !== undefined && value !== null && value !== '' && !isRecord(value) && !Array.isArray(value)) return value;
    }
  }
  return undefined;
}

/** Text without NULs and broken characters, trimmed and cut to size; null for anything else. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL is what this removes (PostgreSQL refuses it in text)
const NUL = /\u0000/g;

function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).toWellFormed().replace(NUL, '').trim();
  return text === '' ? null : text.length > max ? text.slice(0, max).trimEnd() : text;
}

/** 5, "5", "4.5" (rounded), "4,5", "5 stars", "5/5", "FIVE", "★★★★"; null when there is no rating. */
function readRating(value: unknown): number | null {
  let stars: number;
  if (typeof value === 'number') stars = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    const word = STAR_WORDS[text.toUpperCase()];
    if (word) return word;
    if (/^★+$/.test(text)) stars = text.length;
    else {
      const number = /^(\d+(?:[.,]\d+)?)/.exec(text);
      if (!number) return null;
      stars = Number(number[1]!.replace(',', '.'));
    }
  } else return null;
  if (!Number.isFinite(stars)) return null;
  const rounded = Math.round(stars);
  return rounded >= 1 && rounded <= 5 ? rounded : null;
}

/** An http(s) link; one written without a scheme (g.page/r/...) gets https://; anything else is dropped. */
function readUrl(value: unknown): string | null {
  const text = cleanText(value, URL_MAX);
  if (!text || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') ? url.href : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is CrmBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

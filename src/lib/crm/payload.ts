import { createHash } from 'node:crypto';

// What a CRM webhook delivery says about a review. HighLevel's "Review Received" workflow sends the
// review as custom values whose names the workflow's author picks (INTEGRATIONS.md): they are read
// from customData and from the top level, under the obvious spellings, and a documented generic form
// {reviewId, reviewerName, rating, reviewText, createdAt, reviewUrl, source} is the same thing.

export interface CrmReview {
  externalId: string;
  reviewerName: string | null;
  rating: number;
  reviewText: string | null;
  /** When the review was written; null means "now" (the time of receipt). */
  createdAt: Date | null;
  reviewUrl: string | null;
  source: string | null;
  /** HighLevel marketplace webhooks carry a webhookId: a delivery seen before is a no-op. */
  deliveryId: string | null;
}

export type CrmParse = { ok: true; review: CrmReview } | { ok: false; field: string; message: string };

const SPELLINGS = {
  reviewerName: ['reviewerName', 'reviewer_name', 'reviewer', 'name', 'full_name', 'fullName'],
  rating: ['rating', 'starRating', 'star_rating', 'stars'],
  reviewText: ['reviewText', 'review_text', 'comment', 'review', 'body', 'text'],
  reviewId: ['reviewId', 'review_id', 'id'],
  createdAt: ['createdAt', 'created_at', 'dateAdded', 'date_added', 'createTime'],
  reviewUrl: ['reviewUrl', 'review_url', 'url'],
  source: ['source', 'reviewSource', 'review_source'],
} as const;

const STAR_WORDS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
const TEXT_MAX = 10_000;

function pickFrom(body: Record<string, unknown>, names: readonly string[]): unknown {
  const custom = body.customData;
  const places = [typeof custom === 'object' && custom !== null ? (custom as Record<string, unknown>) : {}, body];
  for (const place of places) {
    for (const name of names) {
      const value = place[name];
      if (value !== undefined && value !== null && value !== '') return value;
    }
  }
  return undefined;
}

function text(value: unknown, max: number): string | null | false {
  if (value === undefined) return null;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed.length > max ? false : trimmed || null;
}

function rating(value: unknown): number | null {
  if (typeof value === 'string' && STAR_WORDS[value.trim().toUpperCase()]) return STAR_WORDS[value.trim().toUpperCase()]!;
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
}

export function parseCrmPayload(body: unknown): CrmParse {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, field: 'body', message: 'The body must be a JSON object' };
  }
  const record = body as Record<string, unknown>;
  const stars = rating(pickFrom(record, SPELLINGS.rating));
  if (stars === null) return { ok: false, field: 'rating', message: 'rating must be a whole number from 1 to 5' };
  const reviewerName = text(pickFrom(record, SPELLINGS.reviewerName), 200);
  if (reviewerName === false) return { ok: false, field: 'reviewerName', message: 'reviewerName must be text of at most 200 characters' };
  const reviewText = text(pickFrom(record, SPELLINGS.reviewText), TEXT_MAX);
  if (reviewText === false) return { ok: false, field: 'reviewText', message: 'reviewText must be text of at most 10000 characters' };
  const reviewId = text(pickFrom(record, SPELLINGS.reviewId), 200);
  if (reviewId === false) return { ok: false, field: 'reviewId', message: 'reviewId must be text of at most 200 characters' };
  const source = text(pickFrom(record, SPELLINGS.source), 50);
  if (source === false) return { ok: false, field: 'source', message: 'source must be text of at most 50 characters' };
  const url = text(pickFrom(record, SPELLINGS.reviewUrl), 2000);
  if (url === false || (url && !/^https?:\/\//i.test(url))) return { ok: false, field: 'reviewUrl', message: 'reviewUrl must be an http(s) URL' };

  const rawDate = pickFrom(record, SPELLINGS.createdAt);
  let createdAt: Date | null = null;
  if (rawDate !== undefined) {
    createdAt = typeof rawDate === 'string' || typeof rawDate === 'number' ? new Date(rawDate) : new Date(NaN);
    if (Number.isNaN(createdAt.getTime())) return { ok: false, field: 'createdAt', message: 'createdAt must be a date and time (ISO 8601)' };
  }
  const delivery = text(record.webhookId, 200);

  // Without a review id, the review's own content identifies it, so a repeated delivery is still one review.
  const externalId =
    reviewId ??
    `content-${createHash('sha256').update(JSON.stringify([reviewerName, stars, reviewText, createdAt?.toISOString() ?? null])).digest('hex').slice(0, 32)}`;
  return {
    ok: true,
    review: { externalId, reviewerName, rating: stars, reviewText, createdAt, reviewUrl: url, source, deliveryId: delivery || null },
  };
}

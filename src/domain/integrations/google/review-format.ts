import { httpUrlOrNull } from '#shared/http-url.ts';
import type { IncomingReview } from '#domain/reviews/store.ts';
import type { GbpReview } from './api.ts';

const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

/** Google's star enum as 1-5; null for STAR_RATING_UNSPECIFIED or anything unknown. */
export function starsFromEnum(value: string | undefined): number | null {
  return (value && STARS[value]) || null;
}

/** An RFC 3339 time with 0 to 9 fractional digits (or an offset) as a Date; null when unreadable. */
export function parseGoogleTime(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i.test(value)) return null;
  const date = new Date(value.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A v4 review as the reviews store takes it, or null when Google sent something unusable (not an
 * object, no id, no star rating, no creation time). `reviewUrl` is the location's Maps page: Google
 * gives no permalink for one review.
 *
 * Google's JSON leaves out fields that hold their default value: a named reviewer has a displayName
 * and a profilePhotoUrl and no isAnonymous at all. Only `isAnonymous: true` means anonymous.
 */
export function toIncomingReview(entry: unknown, reviewUrl: string | null): IncomingReview | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const review = entry as Partial<GbpReview>;
  const rating = starsFromEnum(text(review.starRating));
  const createTime = parseGoogleTime(text(review.createTime));
  const reviewId = text(review.reviewId);
  if (!reviewId || rating === null || !createTime) return null;
  const reviewer = typeof review.reviewer === 'object' && review.reviewer !== null ? review.reviewer : {};
  const anonymous = reviewer.isAnonymous === true;
  const comment = text(review.comment);
  const reply = typeof review.reviewReply === 'object' && review.reviewReply !== null ? review.reviewReply : {};
  const replyText = text(reply.comment);
  return {
    kind: 'google',
    source: 'google',
    externalId: reviewId,
    reviewerName: anonymous ? null : text(reviewer.displayName)?.trim() || null,
    reviewerPhotoUrl: anonymous ? null : httpUrlOrNull(text(reviewer.profilePhotoUrl)),
    rating,
    comment: comment?.trim() ? comment : null,
    createTime,
    updateTime: parseGoogleTime(text(review.updateTime)) ?? createTime,
    ownerReply: replyText?.trim() ? replyText : null,
    ownerReplyTime: replyText?.trim() ? parseGoogleTime(text(reply.updateTime)) : null,
    reviewUrl,
  };
}

/** A string field, or undefined for anything else (Google's JSON is read, never trusted). */
function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

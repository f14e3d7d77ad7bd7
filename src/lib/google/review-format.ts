import { httpUrlOrNull } from '../http-url.ts';
import type { IncomingReview } from '../reviews/store.ts';
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
 * A v4 review as the reviews store takes it, or null when Google sent something unusable (no id,
 * no star rating, no creation time). `reviewUrl` is the location's Maps page: Google gives no
 * permalink for one review.
 */
export function toIncomingReview(review: GbpReview, reviewUrl: string | null): IncomingReview | null {
  const rating = starsFromEnum(review.starRating);
  const createTime = parseGoogleTime(review.createTime);
  if (!review.reviewId || rating === null || !createTime) return null;
  const anonymous = review.reviewer?.isAnonymous !== false;
  const replyText = review.reviewReply?.comment?.trim();
  return {
    kind: 'google',
    source: 'google',
    externalId: review.reviewId,
    reviewerName: anonymous ? null : review.reviewer?.displayName?.trim() || null,
    reviewerPhotoUrl: anonymous ? null : httpUrlOrNull(review.reviewer?.profilePhotoUrl),
    rating,
    comment: review.comment?.trim() ? review.comment : null,
    createTime,
    updateTime: parseGoogleTime(review.updateTime) ?? createTime,
    ownerReply: replyText ? review.reviewReply!.comment! : null,
    ownerReplyTime: replyText ? parseGoogleTime(review.reviewReply?.updateTime) : null,
    reviewUrl,
  };
}

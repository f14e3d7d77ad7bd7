import { z } from 'zod';
import { MAX_ROW_ID } from '#shared/rules.ts';
import {
  COMMENT_TOO_LONG,
  RATING_RANGE,
  REVIEW_COMMENT_MAX,
  REVIEWER_NAME_MAX,
  REVIEWER_NAME_REQUIRED,
  REVIEWER_NAME_TOO_LONG,
} from '#shared/review-edit-rules.ts';

// Server-side schemas of the admin review calls (SPEC.md section 7): edit, reassign, unmatch.

/** PUT /api/google-reviews/{id}: {reviewerName, rating, comment}; the comment may be empty, null or left out. */
export const reviewEditPayload = z.object({
  reviewerName: z.string({ error: REVIEWER_NAME_REQUIRED }).trim().min(1, REVIEWER_NAME_REQUIRED).max(REVIEWER_NAME_MAX, REVIEWER_NAME_TOO_LONG),
  rating: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d\s*$/.test(v) ? Number(v) : v),
    z.number({ error: RATING_RANGE }).int(RATING_RANGE).min(1, RATING_RANGE).max(5, RATING_RANGE),
  ),
  comment: z
    .string({ error: 'Comment must be text' })
    .trim()
    .max(REVIEW_COMMENT_MAX, COMMENT_TOO_LONG)
    .nullish()
    .transform((comment) => (comment ? comment : null)),
});

/** A row id in a body: a positive integer, or its digits as a form sends them. */
function rowId(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).min(1, message).max(MAX_ROW_ID, message),
  );
}

export const reassignReviewPayload = z.object({
  reviewId: rowId('Choose a review'),
  inviteId: rowId('Choose a request to reassign the review to'),
});

export const unmatchReviewPayload = z.object({
  reviewId: rowId('Choose a review'),
});

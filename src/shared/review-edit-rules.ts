// The Edit Review dialog's checks (SPEC.md section 5: ratings 1 to 5, the comment optional), plain
// functions so the island runs them without zod (decision 006); the server's schema uses the same limits.

export const REVIEWER_NAME_MAX = 200;
export const REVIEW_COMMENT_MAX = 5000;
export const REVIEWER_NAME_REQUIRED = 'Reviewer name is required';
export const REVIEWER_NAME_TOO_LONG = 'Reviewer name is too long';
export const RATING_RANGE = 'Rating must be from 1 to 5';
export const COMMENT_TOO_LONG = 'Comment is too long';

export interface ReviewEditForm {
  reviewerName: string;
  rating: number;
  comment: string;
}

export type ReviewEditErrors = Partial<Record<keyof ReviewEditForm, string>>;

export function reviewEditProblems(form: ReviewEditForm): ReviewEditErrors {
  const name = form.reviewerName.trim();
  const errors: ReviewEditErrors = {};
  if (name === '') errors.reviewerName = REVIEWER_NAME_REQUIRED;
  else if (name.length > REVIEWER_NAME_MAX) errors.reviewerName = REVIEWER_NAME_TOO_LONG;
  if (!(Number.isInteger(form.rating) && form.rating >= 1 && form.rating <= 5)) errors.rating = RATING_RANGE;
  if (form.comment.trim().length > REVIEW_COMMENT_MAX) errors.comment = COMMENT_TOO_LONG;
  return errors;
}

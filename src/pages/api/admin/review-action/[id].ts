import { deleteReviewRoute } from '../../_delete-review.ts';

export const DELETE = deleteReviewRoute('action');

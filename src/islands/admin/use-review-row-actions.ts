import { type Dispatch, type StateUpdater, useState } from 'preact/hooks';
import type { AdminReview } from '#domain/reviews/admin.ts';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { reviewerOf } from './reviews-admin.ts';

/**
 * A review row's own actions, Unmatch and Delete, each confirmed first; `busyId` is the row whose
 * action runs. `replace` puts a review the server sent back in its row.
 */
export function useReviewRowActions(setReviews: Dispatch<StateUpdater<AdminReview[] | null>>) {
  const [busyId, setBusyId] = useState<number | null>(null);

  const replace = (review: AdminReview) => setReviews((current) => (current ?? []).map((r) => (r.id === review.id ? review : r)));

  const unmatch = async (review: AdminReview) => {
    if (!window.confirm(`Are you sure you want to unmatch this review from ${reviewerOf(review)}?`)) return;
    setBusyId(review.id);
    try {
      replace(await adminRequest<AdminReview>('POST', '/api/admin/unmatch-review', { reviewId: review.id }));
      showAdminToast({ title: 'Review unmatched', description: 'It counts for Unknown until it is assigned again.', variant: 'success' });
    } catch (error) {
      showFailure('Unmatch failed', error);
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (review: AdminReview) => {
    if (!window.confirm(`Are you sure you want to delete the review from ${reviewerOf(review)}?`)) return;
    setBusyId(review.id);
    const google = review.kind === 'google';
    try {
      await adminRequest('DELETE', google ? `/api/admin/google-review/${review.id}` : `/api/admin/review-action/${review.id}`);
      setReviews((current) => (current ?? []).filter((r) => r.id !== review.id));
    } catch (error) {
      showFailure(google ? 'Failed to delete Google review' : 'Failed to delete review action', error);
    } finally {
      setBusyId(null);
    }
  };

  return { busyId, replace, unmatch, remove };
}

import type { AdminReview } from '#domain/reviews/admin.ts';
import { reviewerOf } from './reviews-admin.ts';

interface ReviewActionsProps {
  review: AdminReview;
  busy: boolean;
  onEdit: () => void;
  onReassign: () => void;
  onUnmatch: () => void;
  onDelete: () => void;
}

const ACTION = 'btn btn-ghost px-1 py-1.5 text-xs sm:px-2 lg:px-2.5';

/** A review's actions: View, Edit, Reassign and Unmatch (while it is matched), Delete. */
export function ReviewActions({ review, busy, onEdit, onReassign, onUnmatch, onDelete }: ReviewActionsProps) {
  const name = reviewerOf(review);
  const unmatched = review.matchStatus === 'unmatched';
  return (
    <div class="flex flex-wrap items-center justify-between gap-1 border-t border-slate-100 pt-2 lg:justify-end lg:border-0 lg:pt-0">
      {/* Phones: the four actions on the left, Delete on the right; wide screens: one wrapping row. */}
      <div class="flex flex-wrap lg:contents">
        {review.reviewUrl ? (
          <a href={review.reviewUrl} target="_blank" rel="noopener noreferrer" class={ACTION} aria-label={`View the review from ${name} (opens in a new tab)`}>
            View
          </a>
        ) : (
          <button type="button" class={ACTION} disabled title="This review has no link" aria-label={`View the review from ${name} (no link)`}>
            View
          </button>
        )}
        <button type="button" class={ACTION} onClick={onEdit} disabled={busy} aria-label={`Edit the review from ${name}`}>
          Edit
        </button>
        {!unmatched && (
          <>
            <button type="button" class={ACTION} onClick={onReassign} disabled={busy} aria-label={`Reassign the review from ${name}`}>
              Reassign
            </button>
            <button type="button" class={ACTION} onClick={onUnmatch} disabled={busy} aria-label={`Unmatch the review from ${name}`}>
              Unmatch
            </button>
          </>
        )}
      </div>
      <button type="button" class={`${ACTION} text-red-600 hover:bg-red-50`} onClick={onDelete} disabled={busy} aria-label={`Delete the review from ${name}`}>
        Delete
      </button>
    </div>
  );
}

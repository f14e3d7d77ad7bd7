import { useEffect, useState } from 'preact/hooks';
import type { AdminReview } from '#domain/reviews/admin.ts';
import { REVIEW_COMMENT_MAX, REVIEWER_NAME_MAX, reviewEditProblems, type ReviewEditErrors } from '#shared/review-edit-rules.ts';
import { ApiError } from '../api.ts';
import { Field } from '../ui/Field.tsx';
import { AdminAccessLost, adminRequest } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { Dialog, DialogActions } from './Dialog.tsx';
import { StarPicker } from './StarPicker.tsx';
import { serverMessageOr } from './reviews-admin.ts';

interface Props {
  /** The review being edited; null while the dialog is closed. */
  review: AdminReview | null;
  onClose: () => void;
  onSaved: (review: AdminReview) => void;
}

/** Edit Review: the reviewer's name, the stars and the text, checked by the server's own rules first. */
export function EditReviewDialog({ review, onClose, onSaved }: Props) {
  const [reviewerName, setReviewerName] = useState('');
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<ReviewEditErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!review) return;
    setReviewerName(review.reviewerName ?? '');
    setRating(review.rating);
    setComment(review.comment ?? '');
    setErrors({});
  }, [review]);

  const save = async (event: Event) => {
    event.preventDefault();
    if (!review) return;
    const problems = reviewEditProblems({ reviewerName, rating, comment });
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      return;
    }
    setSaving(true);
    try {
      onSaved(
        await adminRequest<AdminReview>('PUT', `/api/google-reviews/${review.id}`, { reviewerName: reviewerName.trim(), rating, comment: comment.trim() }),
      );
    } catch (error) {
      if (error instanceof AdminAccessLost) return;
      if (error instanceof ApiError && (error.field === 'reviewerName' || error.field === 'rating' || error.field === 'comment')) {
        setErrors({ [error.field]: error.serverMessage });
      }
      showAdminToast({ title: 'Update failed', description: serverMessageOr(error, 'Unable to update the review. Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={review !== null} title="Edit Review" description="Correct the reviewer's name, the stars or the text." onClose={() => !saving && onClose()}>
      <form onSubmit={save} noValidate class="space-y-4">
        <Field
          id="edit-review-name"
          label="Reviewer name"
          value={reviewerName}
          maxLength={REVIEWER_NAME_MAX}
          autoComplete="off"
          disabled={saving}
          error={errors.reviewerName}
          onInput={(e) => {
            setReviewerName(e.currentTarget.value);
            setErrors((current) => ({ ...current, reviewerName: undefined }));
          }}
        />
        <StarPicker name="edit-review-rating" legend="Rating" value={rating} onChange={setRating} disabled={saving} error={errors.rating} />
        <div>
          <label for="edit-review-comment" class="label">
            Comment <span class="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id="edit-review-comment"
            class="input min-h-28 resize-y"
            value={comment}
            maxLength={REVIEW_COMMENT_MAX}
            disabled={saving}
            aria-invalid={errors.comment ? 'true' : undefined}
            aria-describedby={errors.comment ? 'edit-review-comment-error' : undefined}
            onInput={(e) => {
              setComment(e.currentTarget.value);
              setErrors((current) => ({ ...current, comment: undefined }));
            }}
          />
          {errors.comment && (
            <p id="edit-review-comment-error" class="field-error">
              {errors.comment}
            </p>
          )}
        </div>
        <DialogActions onCancel={onClose} busy={saving} label="Save Changes" busyLabel="Saving..." />
      </form>
    </Dialog>
  );
}

import { useState } from 'preact/hooks';
import type { AdminReview } from '#domain/reviews/admin.ts';
import { useLiveReload } from '../live/use-live-reload.ts';
import { AdminCard, Loaded } from './AdminCard.tsx';
import { adminRequest } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { matchedTo, PAGE_SIZE } from './reviews-admin.ts';
import { EditReviewDialog } from './EditReviewDialog.tsx';
import { ReassignReviewDialog } from './ReassignReviewDialog.tsx';
import { ReviewActions } from './ReviewActions.tsx';
import { ReviewList } from './ReviewList.tsx';
import { ReviewsToolbar } from './ReviewsToolbar.tsx';
import { useReviewRowActions } from './use-review-row-actions.ts';
import { useAdminData } from './use-admin-data.ts';

const DATA_URL = '/api/admin/google-reviews';

/** The admin "Google Reviews" table (SPEC.md section 2): every review of both kinds, with its match and actions. */
export default function ReviewsAdminCard({ timeZone }: { timeZone: string }) {
  const { data: items, setData: setItems, loadFailed, load } = useAdminData(() => adminRequest<AdminReview[]>('GET', DATA_URL));
  const { busyId, replace, unmatch, remove } = useReviewRowActions(setItems);
  const [shown, setShown] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<AdminReview | null>(null);
  const [reassigning, setReassigning] = useState<AdminReview | null>(null);

  useLiveReload(load);

  const rowActions = (review: AdminReview) => (
    <ReviewActions
      review={review}
      busy={busyId === review.id}
      onEdit={() => setEditing(review)}
      onReassign={() => setReassigning(review)}
      onUnmatch={() => void unmatch(review)}
      onDelete={() => void remove(review)}
    />
  );

  return (
    <AdminCard
      title="Google Reviews"
      description="Every review from Google, the CRM webhook and test reviews, newest first. Check each match and correct it."
      class="min-w-0 lg:col-span-2"
    >
      <ReviewsToolbar reviews={items} onFixed={load} />

      <Loaded
        data={items}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The reviews could not be loaded."
        loadingLabel="Loading reviews..."
        rows={4}
        empty={
          <div class="rounded-lg border border-dashed border-slate-300 p-6 text-center" data-empty-state>
            <p class="text-sm font-medium text-slate-700">No reviews yet</p>
            <p class="mt-1 text-sm text-slate-500">
              Reviews from Google and from your CRM appear here. Send one from the Test Review card to see how it works.
            </p>
          </div>
        }
      >
        {(reviews) => <ReviewList reviews={reviews} shown={shown} timeZone={timeZone} actions={rowActions} onShowMore={() => setShown((n) => n + PAGE_SIZE)} />}
      </Loaded>

      <EditReviewDialog
        review={editing}
        onClose={() => setEditing(null)}
        onSaved={(review) => {
          replace(review);
          setEditing(null);
          showAdminToast({ title: 'Review updated', variant: 'success' });
        }}
      />
      <ReassignReviewDialog
        review={reassigning}
        timeZone={timeZone}
        onClose={() => setReassigning(null)}
        onSaved={(review) => {
          replace(review);
          setReassigning(null);
          const now = matchedTo(review);
          showAdminToast({ title: 'Review reassigned', description: now ? `Now matched to ${now}.` : undefined, variant: 'success' });
        }}
      />
    </AdminCard>
  );
}

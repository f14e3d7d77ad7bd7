import { useEffect, useMemo, useState } from 'preact/hooks';
import type { AdminReview } from '#domain/reviews/admin.ts';
import { ApiError } from '../api.ts';
import { Field } from '../ui/Field.tsx';
import { EmptyNote, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { Dialog, DialogActions } from './Dialog.tsx';
import { invitesMatching, matchedTo, reviewerOf } from './reviews-admin.ts';
import { InviteChoices } from './InviteChoices.tsx';
import { useUnmatchedInvites } from './use-unmatched-invites.ts';

interface Props {
  /** The review being reassigned; null while the dialog is closed. */
  review: AdminReview | null;
  timeZone: string;
  onClose: () => void;
  onSaved: (review: AdminReview) => void;
}

/** Reassign Review: find the request the review came from among those without a review, and match it to that. */
export function ReassignReviewDialog({ review, timeZone, onClose, onSaved }: Props) {
  const { invites, loadFailed, load } = useUnmatchedInvites(review);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!review) return;
    setQuery('');
    setChosen(null);
  }, [review]);

  const filtered = useMemo(() => invitesMatching(invites ?? [], query), [invites, query]);

  const save = async (event: Event) => {
    event.preventDefault();
    if (!review || chosen === null) return;
    setSaving(true);
    try {
      onSaved(await adminRequest<AdminReview>('POST', '/api/admin/reassign-review', { reviewId: review.id, inviteId: chosen }));
    } catch (error) {
      showFailure('Reassignment failed', error);
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) void load();
    } finally {
      setSaving(false);
    }
  };

  const current = review ? matchedTo(review) : null;

  return (
    <Dialog
      open={review !== null}
      title="Reassign Review"
      description={review ? `Choose the request the review from ${reviewerOf(review)} came from.${current ? ` Now: ${current}.` : ''}` : undefined}
      onClose={() => !saving && onClose()}
      wide
    >
      <form onSubmit={save} class="space-y-4">
        <Loaded
          data={invites}
          loadFailed={loadFailed}
          onRetry={() => void load()}
          errorMessage="The requests could not be loaded."
          loadingLabel="Loading requests..."
          rows={3}
          empty={<EmptyNote>No open requests: every request already has its review.</EmptyNote>}
        >
          {() => (
            <>
              <Field
                id="reassign-search"
                name={undefined}
                label="Find a request"
                type="search"
                placeholder="Customer, email or team"
                autoComplete="off"
                value={query}
                disabled={saving}
                onInput={(e) => setQuery(e.currentTarget.value)}
              />
              <InviteChoices invites={filtered} query={query} chosen={chosen} disabled={saving} timeZone={timeZone} onChoose={setChosen} />
            </>
          )}
        </Loaded>
        <DialogActions onCancel={onClose} busy={saving} disabled={chosen === null} label="Reassign" busyLabel="Reassigning..." />
      </form>
    </Dialog>
  );
}

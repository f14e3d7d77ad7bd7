import { useEffect, useMemo, useState } from 'preact/hooks';
import { formatDateTime } from '#shared/format-date.ts';
import { evidenceLines, reviewSourceLabel, reviewStatusLabel, type ReviewTone } from '#shared/review-labels.ts';
import type { AdminReview } from '#domain/reviews/admin.ts';
import { REVIEW_COMMENT_MAX, REVIEWER_NAME_MAX, reviewEditProblems, type ReviewEditErrors } from '#shared/review-edit-rules.ts';
import { ApiError } from '../api.ts';
import { useLiveReload } from '../live/use-live-reload.ts';
import { Stars, tint } from '../requests/RequestBits.tsx';
import { Field } from '../ui/Field.tsx';
import { AdminCard, EmptyNote, LoadError, LoadingRows } from './AdminCard.tsx';
import { AdminAccessLost, adminRequest, failureText, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { Dialog, DialogActions } from './Dialog.tsx';
import { StarPicker } from './StarPicker.tsx';
import { useAdminData } from './use-admin-data.ts';

const DATA_URL = '/api/admin/google-reviews';

/** GET /api/unmatched-invites: the requests no counted review holds (SPEC.md "Unmatched invite"). */
interface UnmatchedInvite {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  teamName: string | null;
  /** When the request was logged (ISO 8601), when the server sends it. */
  createdAt?: string;
}
const PAGE_SIZE = 20;

const TONE_CLASSES: Record<ReviewTone, string> = {
  matched: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  confirmed: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  review: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  unmatched: 'bg-orange-50 text-orange-700 ring-orange-600/25',
  other: 'bg-white text-slate-700 ring-slate-300',
};

const TONE_DOTS: Record<ReviewTone, string> = {
  matched: 'bg-emerald-500',
  confirmed: 'bg-sky-500',
  review: 'bg-amber-500',
  unmatched: 'bg-orange-500',
  other: 'bg-slate-300',
};

const SOURCE_CLASSES: Record<string, string> = {
  google: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  crm: 'bg-violet-50 text-violet-700 ring-violet-600/20',
  test: 'bg-slate-100 text-slate-600 ring-slate-500/20',
};

const reviewerOf = (review: Pick<AdminReview, 'reviewerName'>) => review.reviewerName?.trim() || 'Anonymous';
const reviewCount = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

/** The server's message when it sent one, else the spec's fallback text. */
const serverMessageOr = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback);

/** The admin "Google Reviews" table (SPEC.md section 2): every review of both kinds, with its match and actions. */
export default function ReviewsAdminCard({ timeZone }: { timeZone: string }) {
  const { data: items, setData: setItems, loadFailed, load } = useAdminData(() => adminRequest<AdminReview[]>('GET', DATA_URL));
  const [shown, setShown] = useState(PAGE_SIZE);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [editing, setEditing] = useState<AdminReview | null>(null);
  const [reassigning, setReassigning] = useState<AdminReview | null>(null);
  const [fetching, setFetching] = useState(false);
  const [fixing, setFixing] = useState(false);

  useLiveReload(load);

  const replace = (review: AdminReview) => setItems((current) => (current ?? []).map((r) => (r.id === review.id ? review : r)));

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
      setItems((current) => (current ?? []).filter((r) => r.id !== review.id));
    } catch (error) {
      showFailure(google ? 'Failed to delete Google review' : 'Failed to delete review action', error);
    } finally {
      setBusyId(null);
    }
  };

  const testGoogleFetch = async () => {
    setFetching(true);
    try {
      const result = await adminRequest<{ success: boolean; configured: boolean; message?: string; error?: string | null; reviewCount?: number }>(
        'GET',
        '/api/admin/test-google-fetch',
      );
      if (!result.configured) {
        showAdminToast({ title: 'Not Configured', description: result.message, variant: 'destructive' });
      } else if (result.success) {
        showAdminToast({
          title: 'Google Fetch Test Success',
          description: `Found ${result.reviewCount ?? 0} reviews from Google (not imported)`,
          variant: 'success',
        });
      } else {
        showAdminToast({ title: 'Error', description: result.error || result.message || 'The Google fetch test failed', variant: 'destructive' });
      }
    } catch (error) {
      if (error instanceof AdminAccessLost) return;
      showAdminToast({ title: 'Error', description: failureText(error, 'The Google fetch test failed'), variant: 'destructive' });
    } finally {
      setFetching(false);
    }
  };

  const fixOrphaned = async () => {
    setFixing(true);
    try {
      const result = await adminRequest<{ message?: string; fixed: number }>('POST', '/api/admin/fix-orphaned-reviews');
      showAdminToast({ title: result.message || `Fixed ${result.fixed} orphaned review(s)`, variant: 'success' });
      if (result.fixed > 0) await load();
    } catch (error) {
      showFailure('Failed to fix orphaned reviews', error);
    } finally {
      setFixing(false);
    }
  };

  const waiting = useMemo(() => (items ?? []).filter((r) => r.matchStatus === 'unmatched' || r.matchStatus === 'needs_review').length, [items]);
  const visible = (items ?? []).slice(0, shown);
  const more = (items?.length ?? 0) - visible.length;

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
      <div class="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p class="text-sm text-slate-600" aria-live="polite">
          {items === null
            ? '\u00a0'
            : items.length === 0
              ? 'No reviews yet'
              : `${reviewCount(items.length)}${waiting > 0 ? ` · ${waiting} waiting to be matched` : ''}`}
        </p>
        <div class="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <button type="button" class="btn btn-secondary px-3 py-2" onClick={() => void testGoogleFetch()} disabled={fetching}>
            {fetching ? 'Testing...' : 'Test Google Fetch'}
          </button>
          <button type="button" class="btn btn-secondary px-3 py-2" onClick={() => void fixOrphaned()} disabled={fixing}>
            {fixing ? 'Fixing...' : 'Fix Orphaned Reviews'}
          </button>
        </div>
      </div>

      {items === null ? (
        loadFailed ? (
          <LoadError message="The reviews could not be loaded." onRetry={() => void load()} />
        ) : (
          <LoadingRows label="Loading reviews..." rows={4} />
        )
      ) : items.length === 0 ? (
        <div class="rounded-lg border border-dashed border-slate-300 p-6 text-center">
          <p class="text-sm font-medium text-slate-700">No reviews yet</p>
          <p class="mt-1 text-sm text-slate-500">Reviews from Google and the CRM webhook appear here. Add a test review below to try it.</p>
        </div>
      ) : (
        <>
          <div class="hidden overflow-visible rounded-xl border border-slate-200 lg:block">
            <table class="w-full table-fixed text-left text-sm">
              <colgroup>
                <col class="w-[12%]" />
                <col class="w-[15%]" />
                <col class="w-[10%]" />
                <col class="w-[20%]" />
                <col class="w-[20%]" />
                <col class="w-[23%]" />
              </colgroup>
              <thead class="bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" class="rounded-tl-xl px-4 py-2">
                    Date
                  </th>
                  <th scope="col" class="px-3 py-2">
                    Reviewer
                  </th>
                  <th scope="col" class="px-3 py-2">
                    Rating
                  </th>
                  <th scope="col" class="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" class="px-3 py-2">
                    Comment
                  </th>
                  <th scope="col" class="rounded-tr-xl px-4 py-2 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody class="divide-y divide-slate-100">
                {visible.map((review) => (
                  <tr key={review.id} data-testid="admin-review-row" class="align-top">
                    <td class="px-4 py-3 text-slate-600 tabular-nums">
                      <time dateTime={review.createTime}>{formatDateTime(review.createTime, timeZone)}</time>
                    </td>
                    <td class="px-3 py-3">
                      <p class="font-medium break-words text-slate-900">{reviewerOf(review)}</p>
                      <SourceChip source={review.source} platform={review.platform} />
                    </td>
                    <td class="px-3 py-3">
                      <Stars rating={review.rating} />
                    </td>
                    <td class="px-3 py-3">
                      <MatchCell review={review} />
                    </td>
                    <td class="px-3 py-3">
                      <Comment text={review.comment} />
                    </td>
                    <td class="px-4 py-3">{rowActions(review)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* Phones and tablets: one block per review, its actions at hand. */}
          <ul class="divide-y divide-slate-100 rounded-xl border border-slate-200 lg:hidden">
            {visible.map((review) => (
              <li key={review.id} data-testid="admin-review-card" class="space-y-2.5 px-4 py-3.5">
                <div>
                  <div class="flex items-start justify-between gap-3">
                    <p class="min-w-0 font-medium break-words text-slate-900">{reviewerOf(review)}</p>
                    <Stars rating={review.rating} />
                  </div>
                  <p class="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                    <SourceChip source={review.source} platform={review.platform} inline />
                    <time dateTime={review.createTime}>{formatDateTime(review.createTime, timeZone)}</time>
                  </p>
                </div>
                <MatchCell review={review} />
                <Comment text={review.comment} />
                {rowActions(review)}
              </li>
            ))}
          </ul>

          {more > 0 && (
            <div class="mt-4 flex justify-center">
              <button type="button" class="btn btn-secondary" onClick={() => setShown((n) => n + PAGE_SIZE)}>
                Show {Math.min(more, PAGE_SIZE)} more
                <span class="text-slate-500">({more} left)</span>
              </button>
            </div>
          )}
        </>
      )}

      <EditReviewDialog
        review={editing}
        onClose={() => setEditing(null)}
        onSaved={(review) => {
          replace(review);
          setEditing(null);
          showAdminToast({ title: 'Review updated', variant: 'success' });
        }}
      />
      <ReassignDialog
        review={reassigning}
        timeZone={timeZone}
        onClose={() => setReassigning(null)}
        onSaved={(review) => {
          replace(review);
          setReassigning(null);
          showAdminToast({
            title: 'Review reassigned',
            description: review.customerName ? `Now matched to ${review.customerName}${review.teamName ? ` (${review.teamName})` : ''}.` : undefined,
            variant: 'success',
          });
        }}
      />
    </AdminCard>
  );
}

function SourceChip({ source, platform, inline = false }: { source: string; platform: string | null; inline?: boolean }) {
  return (
    <span
      class={`${inline ? '' : 'mt-1'} inline-flex items-center rounded px-1.5 py-0.5 text-[11px] font-semibold ring-1 ring-inset ${SOURCE_CLASSES[source] ?? SOURCE_CLASSES.test}`}
      title="Where the review came from"
    >
      {reviewSourceLabel(source)}
      {platform && <span class="font-normal"> · {platform}</span>}
    </span>
  );
}

function Comment({ text }: { text: string | null }) {
  if (!text) return <p class="text-sm text-slate-400 italic">No comment</p>;
  return (
    <p class="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700" title={text.length > 140 ? text : undefined}>
      {text}
    </p>
  );
}

function TeamChip({ name, color }: { name: string; color: string | null }) {
  return (
    <span
      class="inline-flex max-w-full items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium text-slate-700"
      style={{ backgroundColor: tint(color, '1F') }}
    >
      <span class="h-2 w-2 shrink-0 rounded-full" style={{ backgroundColor: tint(color, 'FF') }} aria-hidden="true" />
      <span class="wrap-anywhere">{name}</span>
    </span>
  );
}

/** The status badge, what the review is matched to, and the matcher's reasons behind the confidence. */
function MatchCell({ review }: { review: AdminReview }) {
  const badge = reviewStatusLabel(review.matchStatus, review.matchConfidence);
  const reasons = evidenceLines(review.evidence);
  const status = review.matchStatus;
  let who: string | null = null;
  if (status === 'manual') who = 'Set by an admin';
  else if (status === 'self_confirmed') who = 'Confirmed by staff';
  else if (status === 'unmatched') who = 'Counts for Unknown';
  return (
    <div class="space-y-1.5">
      <span
        data-testid="review-status"
        data-status={status}
        class={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONE_CLASSES[badge.tone]}`}
      >
        <span class={`h-1.5 w-1.5 rounded-full ${TONE_DOTS[badge.tone]}`} aria-hidden="true" />
        {badge.label}
      </span>
      {review.customerName && (
        <p class="text-xs break-words text-slate-600">
          {status === 'needs_review' ? 'Suggested: ' : 'Request: '}
          <span class="font-medium text-slate-800">{review.customerName}</span>
        </p>
      )}
      {review.teamName && status !== 'unmatched' && status !== 'needs_review' && (
        <div>
          <TeamChip name={review.teamName} color={review.teamColor} />
        </div>
      )}
      {who && <p class="text-xs text-slate-500">{who}</p>}
      {reasons.length > 0 && (
        <details class="group relative text-xs">
          <summary class="inline-flex cursor-pointer list-none items-center gap-1 rounded font-medium text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
            <svg viewBox="0 0 20 20" class="h-3.5 w-3.5" fill="currentColor" aria-hidden="true">
              <path
                fill-rule="evenodd"
                d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z"
                clip-rule="evenodd"
              />
            </svg>
            {status === 'unmatched' ? 'Closest request' : 'Why this match'}
          </summary>
          <div class="z-20 mt-1.5 w-full rounded-lg border border-slate-200 bg-white p-3 text-slate-700 shadow-lg lg:absolute lg:left-0 lg:w-64">
            {typeof review.matchConfidence === 'number' && (
              <p class="mb-1.5 font-semibold text-slate-900">
                {status === 'unmatched' ? `Best candidate scored ${review.matchConfidence}%` : `Confidence ${review.matchConfidence}%`}
              </p>
            )}
            <ul class="space-y-1">
              {reasons.map((line) => (
                <li key={line} class="flex gap-1.5">
                  <span class="mt-1.5 h-1 w-1 shrink-0 rounded-full bg-slate-400" aria-hidden="true" />
                  {line}
                </li>
              ))}
            </ul>
          </div>
        </details>
      )}
    </div>
  );
}

interface ReviewActionsProps {
  review: AdminReview;
  busy: boolean;
  onEdit: () => void;
  onReassign: () => void;
  onUnmatch: () => void;
  onDelete: () => void;
}

const ACTION = 'btn btn-ghost px-1 py-1.5 text-xs sm:px-2 lg:px-2.5';

function ReviewActions({ review, busy, onEdit, onReassign, onUnmatch, onDelete }: ReviewActionsProps) {
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

function EditReviewDialog({ review, onClose, onSaved }: { review: AdminReview | null; onClose: () => void; onSaved: (review: AdminReview) => void }) {
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

const customerOf = (invite: UnmatchedInvite) => `${invite.firstName} ${invite.lastName}`.trim() || invite.email;

function ReassignDialog({
  review,
  timeZone,
  onClose,
  onSaved,
}: {
  review: AdminReview | null;
  timeZone: string;
  onClose: () => void;
  onSaved: (review: AdminReview) => void;
}) {
  const [invites, setInvites] = useState<UnmatchedInvite[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  const load = async () => {
    setLoadFailed(false);
    setInvites(null);
    try {
      setInvites(await adminRequest<UnmatchedInvite[]>('GET', '/api/unmatched-invites'));
    } catch (error) {
      if (!(error instanceof AdminAccessLost)) setLoadFailed(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again for each review opened; load reads it itself
  useEffect(() => {
    if (!review) return;
    setQuery('');
    setChosen(null);
    void load();
  }, [review]);

  const filtered = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (invites ?? []).filter((invite) => {
      const text = `${invite.firstName} ${invite.lastName} ${invite.email} ${invite.teamName ?? ''}`.toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }, [invites, query]);

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

  const current = review?.customerName ? `${review.customerName}${review.teamName ? ` (${review.teamName})` : ''}` : null;

  return (
    <Dialog
      open={review !== null}
      title="Reassign Review"
      description={review ? `Choose the request the review from ${reviewerOf(review)} came from.${current ? ` Now: ${current}.` : ''}` : undefined}
      onClose={() => !saving && onClose()}
      wide
    >
      <form onSubmit={save} class="space-y-4">
        {invites === null ? (
          loadFailed ? (
            <LoadError message="The requests could not be loaded." onRetry={() => void load()} />
          ) : (
            <LoadingRows label="Loading requests..." rows={3} />
          )
        ) : invites.length === 0 ? (
          <EmptyNote>No open requests: every request already has its review.</EmptyNote>
        ) : (
          <>
            <div>
              <label for="reassign-search" class="label">
                Find a request
              </label>
              <input
                id="reassign-search"
                type="search"
                class="input"
                placeholder="Customer, email or team"
                autoComplete="off"
                value={query}
                disabled={saving}
                onInput={(e) => setQuery(e.currentTarget.value)}
              />
            </div>
            <fieldset>
              <legend class="sr-only">Requests with an invite</legend>
              <div class="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
                {filtered.length === 0 ? (
                  <p class="p-4 text-center text-sm text-slate-500">No request matches "{query.trim()}".</p>
                ) : (
                  filtered.map((invite) => {
                    const noTeam = invite.teamName === null;
                    return (
                      <label
                        key={invite.id}
                        class={`flex items-start gap-3 px-4 py-3 ${noTeam ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-slate-50'} ${chosen === invite.id ? 'bg-brand-50' : ''}`}
                      >
                        <input
                          type="radio"
                          name="reassign-invite"
                          value={String(invite.id)}
                          class="mt-1 h-4 w-4 accent-brand-600"
                          checked={chosen === invite.id}
                          disabled={saving || noTeam}
                          onChange={() => setChosen(invite.id)}
                        />
                        <span class="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
                          <span class="min-w-0">
                            <span class="block font-medium break-words text-slate-900">{customerOf(invite)}</span>
                            <span class="block text-xs break-all text-slate-500">{invite.email}</span>
                          </span>
                          <span class="shrink-0 text-xs text-slate-600 sm:text-right">
                            <span class="block font-medium">{invite.teamName ?? 'No team'}</span>
                            {invite.createdAt && (
                              <time class="block text-slate-500" dateTime={invite.createdAt}>
                                {formatDateTime(invite.createdAt, timeZone)}
                              </time>
                            )}
                          </span>
                        </span>
                      </label>
                    );
                  })
                )}
              </div>
            </fieldset>
          </>
        )}
        <DialogActions onCancel={onClose} busy={saving} disabled={chosen === null} label="Reassign" busyLabel="Reassigning..." />
      </form>
    </Dialog>
  );
}

import { useCallback, useState } from 'preact/hooks';
import { waitedFor } from '#shared/relative-time.ts';
import { LOW_RATING_MAX } from '#shared/replies.ts';
import { apiRequest } from './api.ts';
import { RelativeTime, type ReplyControls, ReviewReply, type ReplyTemplateChoice, useReplyControls } from './ReplyBox.tsx';
import { GMB_URLS, pollFailureToast, pollSuccessToast, type GmbPollResult, type GmbReview, type ReplyableReview } from './gmb/google-profile.ts';
import { useLiveReload } from './live/use-live-reload.ts';
import { ExternalIcon, ReviewerPhoto, ReviewText, Stars, useMinuteClock } from './reviews/ReviewBits.tsx';
import { PageHeader } from './ui/PageHeader.tsx';
import { Toast, useToast } from './ui/toast.tsx';

// Google My Business Reviews (SPEC.md section 2 "/{slug}/gmb-reviews"): every review the Google
// sync imported, newest first, with the owner's reply; Poll Now asks Google at once. Above them,
// "Needs a reply" (issue 30): the reviews without a reply, three stars or fewer first, each with how
// long it has waited; whoever may reply writes, edits or deletes the reply on Google from here. The
// server renders the first lists; they are read again after Poll Now and on every live data event.

interface Props {
  slug: string;
  businessName: string;
  /** The workspace's IANA time zone, for the exact times behind the relative ones. */
  timeZone: string;
  /** The list as the server rendered it. */
  reviews: ReplyableReview[];
  /** The reviews without a reply, as the server rendered them. */
  needsReply: ReplyableReview[];
  /** Whether this person may reply (the admin, or staff when staff_can_reply is on). */
  canReply: boolean;
  templates: ReplyTemplateChoice[];
  /** `?reply={id}` (a low-rated review's alert): that review's reply box opens in view. */
  openReplyId: number | null;
  /** The server's clock when it rendered, so the relative times hydrate as rendered. */
  renderedAt: number;
}

const reviewCount = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

function ReviewCard({
  review,
  now,
  timeZone,
  anchor,
  waiting = false,
  reply,
}: {
  review: ReplyableReview;
  now: number;
  timeZone: string;
  /** This card carries the `#review-{id}` anchor (a review listed twice has it once). */
  anchor: boolean;
  /** Shown in "Needs a reply": how long it has waited. */
  waiting?: boolean;
  reply: ReplyControls;
}) {
  const low = review.rating <= LOW_RATING_MAX;
  return (
    <li
      id={anchor ? `review-${review.id}` : undefined}
      data-testid={waiting ? 'needs-reply-review' : 'gmb-review'}
      data-review-id={review.id}
      class={`card p-4 sm:p-5 ${waiting && low ? 'border-l-4 border-l-amber-500' : ''}`}
    >
      {waiting && (
        <p class="mb-3 text-xs font-semibold text-slate-600" data-testid="waited">
          {low && (
            <span class="mr-2 rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">
              {review.rating} {review.rating === 1 ? 'star' : 'stars'}: answer first
            </span>
          )}
          Waiting {waitedFor(review.createTime, now)}
        </p>
      )}
      <div class="flex items-start gap-3">
        <ReviewerPhoto url={review.reviewerProfilePhotoUrl} />
        <div class="min-w-0 flex-1">
          <div class="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
            <p class="min-w-0 truncate font-semibold text-slate-900">{review.reviewerName?.trim() || 'Anonymous'}</p>
            <p class="shrink-0 text-xs text-slate-500">
              <RelativeTime iso={review.createTime} now={now} timeZone={timeZone} />
            </p>
          </div>
          <div class="mt-1">
            <Stars rating={review.rating} />
          </div>
        </div>
      </div>
      <div class="mt-3">
        <ReviewText text={review.comment} />
      </div>
      <ReviewReply review={review} now={now} timeZone={timeZone} reply={reply} />
      {review.reviewUrl && (
        <div class="mt-4 flex justify-end border-t border-slate-100 pt-3 text-xs">
          <a
            href={review.reviewUrl}
            target="_blank"
            rel="noopener noreferrer"
            class="inline-flex items-center gap-1 font-semibold text-brand-600 hover:text-brand-700 hover:underline"
          >
            View on Google
            <ExternalIcon />
            <span class="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      )}
    </li>
  );
}

function Empty({ slug }: { slug: string }) {
  return (
    <div class="card flex flex-col items-center px-6 py-12 text-center" data-testid="gmb-reviews-empty" data-empty-state>
      <div class="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <svg viewBox="0 0 24 24" class="h-6 w-6" fill="none" stroke="currentColor" stroke-width="1.8" aria-hidden="true">
          <path
            stroke-linecap="round"
            stroke-linejoin="round"
            d="M11.48 3.5a.56.56 0 0 1 1.04 0l2.13 5.11a.56.56 0 0 0 .47.35l5.52.44c.5.04.7.66.32.99l-4.2 3.6a.56.56 0 0 0-.18.56l1.28 5.38a.56.56 0 0 1-.84.61l-4.73-2.88a.56.56 0 0 0-.58 0l-4.73 2.88a.56.56 0 0 1-.84-.6l1.28-5.39a.56.56 0 0 0-.18-.56l-4.2-3.6a.56.56 0 0 1 .32-.99l5.52-.44a.56.56 0 0 0 .47-.35L11.48 3.5Z"
          />
        </svg>
      </div>
      <p class="mt-4 text-lg font-semibold text-slate-900">No reviews yet</p>
      <p class="mt-1 max-w-sm text-sm text-slate-600">
        Reviews from your Google Business Profile show here after a sync. Press Poll Now to ask Google at once.
      </p>
      <p class="mt-3 max-w-sm text-sm text-slate-600">
        Still empty? Check that Google is connected in the{' '}
        <a href={`/${slug}/admin#card-google-my-business-profile`} class="font-semibold text-brand-700 underline hover:text-brand-800">
          admin panel
        </a>
        .
      </p>
    </div>
  );
}

const NEEDS_REPLY_URL = '/api/google-reviews?needsReply=true';

export default function GmbReviewsPage({ slug, businessName, timeZone, renderedAt, canReply, templates, openReplyId, ...props }: Props) {
  const [reviews, setReviews] = useState<ReplyableReview[]>(props.reviews);
  const [needsReply, setNeedsReply] = useState<ReplyableReview[]>(props.needsReply);
  const [polling, setPolling] = useState(false);
  const inNeeds = (id: number | null) => id !== null && needsReply.some((r) => r.id === id);
  const { toast, show, dismiss } = useToast();
  const now = useMinuteClock(renderedAt);

  // A failed refresh keeps the lists shown; the next event or Poll Now tries again.
  const load = useCallback(async () => {
    try {
      const [all, waiting] = await Promise.all([apiRequest<GmbReview[]>('GET', GMB_URLS.reviews), apiRequest<ReplyableReview[]>('GET', NEEDS_REPLY_URL)]);
      // The SPEC's list names no one: who asked for each review comes from "Needs a reply" or the list shown before.
      setReviews((shown) => {
        const asker = new Map([...shown, ...waiting].map((r) => [r.id, r.staffFirstName]));
        return all.map((r) => ({ ...r, staffFirstName: asker.get(r.id) ?? null }));
      });
      setNeedsReply(waiting);
    } catch (error) {
      console.warn('Could not refresh the Google reviews', error);
    }
  }, []);
  useLiveReload(load);

  const controls = useReplyControls({
    canReply,
    templates,
    businessName,
    openOnArrival: openReplyId === null ? null : { id: openReplyId, where: props.needsReply.some((r) => r.id === openReplyId) ? 'waiting' : 'all' },
    show,
    changed: (id, reply) => {
      const change = (r: ReplyableReview) => (r.id === id ? { ...r, ownerReply: reply?.comment ?? null, ownerReplyTime: reply?.updateTime ?? null } : r);
      setReviews((list) => list.map(change));
      // Answered, it waits no more; a deleted reply brings it back with the live update.
      if (reply) setNeedsReply((list) => list.filter((r) => r.id !== id));
    },
  });

  const poll = async () => {
    setPolling(true);
    try {
      show(pollSuccessToast(await apiRequest<GmbPollResult>('POST', GMB_URLS.poll)));
      await load();
    } catch (_error) {
      show(pollFailureToast());
    } finally {
      setPolling(false);
    }
  };

  return (
    <div class="min-h-screen">
      <PageHeader
        back={{ href: `/${slug}/admin`, label: 'Back to Admin', ariaLabel: 'Back to Admin' }}
        businessName={businessName}
        title="Google My Business Reviews"
        width="max-w-3xl"
      >
        <button type="button" class="btn btn-primary w-full sm:w-auto" disabled={polling} onClick={() => void poll()}>
          {polling ? 'Polling...' : 'Poll Now'}
        </button>
      </PageHeader>

      <main class="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
        {needsReply.length > 0 && (
          <section class="mb-8" aria-labelledby="needs-reply-title" data-testid="needs-reply">
            <h2 id="needs-reply-title" class="mb-3 flex items-center gap-2 text-lg font-bold text-slate-900">
              Needs a reply
              <span class="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900">{needsReply.length}</span>
            </h2>
            <ul class="space-y-4">
              {needsReply.map((review) => (
                <ReviewCard key={review.id} review={review} now={now} timeZone={timeZone} anchor waiting reply={controls(review, 'waiting')} />
              ))}
            </ul>
          </section>
        )}
        {reviews.length === 0 ? (
          <Empty slug={slug} />
        ) : (
          <>
            {needsReply.length > 0 && <h2 class="mb-1 text-lg font-bold text-slate-900">All reviews</h2>}
            <p data-testid="gmb-count" class="mb-4 text-sm font-medium text-slate-700" aria-live="polite">
              {reviewCount(reviews.length)}
            </p>
            <ul class="space-y-4">
              {reviews.map((review) => (
                <ReviewCard key={review.id} review={review} now={now} timeZone={timeZone} anchor={!inNeeds(review.id)} reply={controls(review, 'all')} />
              ))}
            </ul>
          </>
        )}
      </main>
      <Toast toast={toast} onDismiss={dismiss} />
    </div>
  );
}

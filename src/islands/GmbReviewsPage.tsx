import { useCallback, useState } from 'preact/hooks';
import { formatDateTime } from '#shared/format-date.ts';
import { relativeTime } from '#shared/relative-time.ts';
import { apiRequest } from './api.ts';
import { GMB_URLS, pollFailureToast, pollSuccessToast, type GmbPollResult, type GmbReview } from './gmb/google-profile.ts';
import { useLiveReload } from './live/use-live-reload.ts';
import { ExternalIcon, ReviewerPhoto, ReviewText, Stars, useMinuteClock } from './reviews/ReviewBits.tsx';
import { PageHeader } from './ui/PageHeader.tsx';
import { Toast, useToast } from './ui/toast.tsx';

// Google My Business Reviews (SPEC.md section 2 "/{slug}/gmb-reviews"): every review the Google
// sync imported, newest first, with the owner's reply; Poll Now asks Google at once. The server
// renders the first list; it is read again after Poll Now and on every live data event.

interface Props {
  slug: string;
  businessName: string;
  /** The workspace's IANA time zone, for the exact times behind the relative ones. */
  timeZone: string;
  /** The list as the server rendered it. */
  reviews: GmbReview[];
  /** The server's clock when it rendered, so the relative times hydrate as rendered. */
  renderedAt: number;
}

const reviewCount = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

function RelativeTime({ iso, now, timeZone }: { iso: string; now: number; timeZone: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso, timeZone)}>
      {relativeTime(iso, now)}
    </time>
  );
}

function ReviewCard({ review, now, timeZone }: { review: GmbReview; now: number; timeZone: string }) {
  return (
    <li data-testid="gmb-review" data-review-id={review.id} class="card p-4 sm:p-5">
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
      {review.ownerReply?.trim() && (
        <div data-testid="owner-reply" class="mt-4 rounded-lg border-l-4 border-brand-500/40 bg-slate-50 px-4 py-3">
          <p class="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
            <span class="font-semibold text-slate-700">Response from owner</span>
            {review.ownerReplyTime && (
              <span class="text-slate-500">
                <RelativeTime iso={review.ownerReplyTime} now={now} timeZone={timeZone} />
              </span>
            )}
          </p>
          <p class="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-slate-700">{review.ownerReply}</p>
        </div>
      )}
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

function Empty() {
  return (
    <div class="card flex flex-col items-center px-6 py-12 text-center" data-testid="gmb-reviews-empty">
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
    </div>
  );
}

export default function GmbReviewsPage({ slug, businessName, timeZone, renderedAt, ...props }: Props) {
  const [reviews, setReviews] = useState<GmbReview[]>(props.reviews);
  const [polling, setPolling] = useState(false);
  const { toast, show, dismiss } = useToast();
  const now = useMinuteClock(renderedAt);

  // A failed refresh keeps the list shown; the next event or Poll Now tries again.
  const load = useCallback(async () => {
    try {
      setReviews(await apiRequest<GmbReview[]>('GET', GMB_URLS.reviews));
    } catch (error) {
      console.warn('Could not refresh the Google reviews', error);
    }
  }, []);
  useLiveReload(load);

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
        {reviews.length === 0 ? (
          <Empty />
        ) : (
          <>
            <p data-testid="gmb-count" class="mb-4 text-sm font-medium text-slate-700" aria-live="polite">
              {reviewCount(reviews.length)}
            </p>
            <ul class="space-y-4">
              {reviews.map((review) => (
                <ReviewCard key={review.id} review={review} now={now} timeZone={timeZone} />
              ))}
            </ul>
          </>
        )}
      </main>
      <Toast toast={toast} onDismiss={dismiss} />
    </div>
  );
}

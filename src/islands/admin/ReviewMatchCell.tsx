import { evidenceLines, reviewStatusLabel, type ReviewTone } from '#shared/review-labels.ts';
import type { AdminReview } from '#domain/reviews/admin.ts';
import { tint } from '../requests/RequestBits.tsx';

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

/** Who set the match, when no matcher did. */
function decidedBy(status: AdminReview['matchStatus']): string | null {
  if (status === 'manual') return 'Set by an admin';
  if (status === 'self_confirmed') return 'Confirmed by staff';
  if (status === 'unmatched') return 'Counts for Unknown';
  return null;
}

/** The matcher's reasons behind the confidence, opened on demand. */
function MatchReasons({ review, reasons }: { review: AdminReview; reasons: string[] }) {
  const status = review.matchStatus;
  return (
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
  );
}

/** The status badge, what the review is matched to, and the matcher's reasons behind the confidence. */
export function ReviewMatchCell({ review }: { review: AdminReview }) {
  const badge = reviewStatusLabel(review.matchStatus, review.matchConfidence);
  const reasons = evidenceLines(review.evidence);
  const status = review.matchStatus;
  const who = decidedBy(status);
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
      {reasons.length > 0 && <MatchReasons review={review} reasons={reasons} />}
    </div>
  );
}

import { isMatchedStatus, requestStatusBadge, type BadgeTone } from '#shared/request-status.ts';

// Pieces the Review Requests Report and the admin Review Management card share.

const TONE_CLASSES: Record<BadgeTone, string> = {
  matched: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  review: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  pending: 'bg-slate-100 text-slate-600 ring-slate-500/20',
  other: 'bg-white text-slate-700 ring-slate-300',
};

const TONE_DOTS: Record<BadgeTone, string> = {
  matched: 'bg-emerald-500',
  review: 'bg-amber-500',
  pending: 'bg-slate-400',
  other: 'bg-slate-300',
};

/** SPEC.md section 4: green "Matched (NN%)", yellow "Needs Review", grey "Pending", else the raw value. */
export function StatusBadge({ status, confidence }: { status: string; confidence: number | null }) {
  const badge = requestStatusBadge(status, confidence);
  return (
    <span
      data-testid="status-badge"
      data-tone={badge.tone}
      class={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONE_CLASSES[badge.tone]}`}
    >
      <span class={`h-1.5 w-1.5 rounded-full ${TONE_DOTS[badge.tone]}`} aria-hidden="true" />
      {badge.label}
    </span>
  );
}

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.25 4.14 1 5.86L10 14.9l-5.25 2.8 1-5.86L1.5 7.7l5.9-.9L10 1.5Z';

/** 1 to 5 filled stars out of five. */
export function Stars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span class="inline-flex items-center gap-0.5" role="img" aria-label={`${filled} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" class={`h-4 w-4 ${i < filled ? 'text-amber-400' : 'text-slate-200'}`} fill="currentColor" aria-hidden="true">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/** "Reviewer / Rating": the reviewer (or Anonymous) and stars once matched, a dash otherwise. */
export function ReviewerRating({ status, reviewerName, rating }: { status: string; reviewerName?: string | null; rating?: number | null }) {
  if (!isMatchedStatus(status) || typeof rating !== 'number') {
    return (
      <span class="text-slate-400" role="img" aria-label="No review yet">
        —
      </span>
    );
  }
  return (
    <span class="flex flex-col gap-0.5">
      <span class="text-sm font-medium text-slate-900 wrap-anywhere">{reviewerName || 'Anonymous'}</span>
      <Stars rating={rating} />
    </span>
  );
}

/** The team's colour at a given strength (hex alpha), for tinted group headers; slate when unknown. */
export function tint(color: string | null, alpha: string): string {
  return color && /^#[0-9a-f]{6}$/i.test(color) ? `${color}${alpha}` : `#64748B${alpha}`;
}

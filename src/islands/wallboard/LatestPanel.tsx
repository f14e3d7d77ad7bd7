import type { LatestReview } from '#domain/game/dashboard.ts';
import { relativeTime } from '#shared/relative-time.ts';

/** The newest reviews: a first name and initial at most (the server hides the rest), stars only when given. */
export function LatestPanel({ reviews, now }: { reviews: LatestReview[]; now: Date }) {
  if (reviews.length === 0) {
    return (
      <div class="flex h-full flex-col items-center justify-center gap-[1.5vh] rounded-3xl bg-white/5 p-8 text-center ring-1 ring-white/10" data-empty-state>
        <p class="text-[clamp(1.25rem,4vh,3.25rem)] font-bold">No reviews in the challenge yet</p>
        <p class="text-[clamp(1rem,2.8vh,2.25rem)] text-slate-300">They show here as customers write them.</p>
      </div>
    );
  }
  return (
    <ul class="flex h-full flex-col gap-[1.2vh]">
      {reviews.map((review) => (
        <li
          key={review.id}
          data-testid="latest-review"
          class="flex flex-wrap items-center gap-x-[1.5vw] gap-y-1 rounded-3xl bg-slate-900/80 px-4 py-3 ring-1 ring-white/10 lg:grid lg:max-h-[12vh] lg:flex-1 lg:grid-cols-[minmax(0,1fr)_15vw_20vw_12vw] lg:px-[1.4vw] lg:py-[0.8vh]"
        >
          <p class="min-w-0 flex-1 truncate text-[clamp(1.25rem,3.6vh,3rem)] font-bold">{review.reviewerName ?? 'A customer'}</p>
          {review.rating !== null ? (
            <p role="img" aria-label={`${review.rating} out of 5 stars`} class="text-[clamp(1.25rem,3.4vh,2.75rem)] tracking-widest whitespace-nowrap">
              {[1, 2, 3, 4, 5].map((star) => (
                <span key={star} aria-hidden="true" class={star <= review.rating! ? 'text-amber-300' : 'text-white/20'}>
                  ★
                </span>
              ))}
            </p>
          ) : (
            <span class="hidden lg:block" />
          )}
          <p class="flex min-w-0 items-center gap-[0.6vw] text-[clamp(1rem,3vh,2.5rem)] font-semibold whitespace-nowrap text-slate-200">
            <span class="h-[1.8vh] min-h-3 w-[1.8vh] min-w-3 shrink-0 rounded-full" style={{ backgroundColor: review.teamColor }} aria-hidden="true" />
            <span class="truncate">{review.teamName}</span>
          </p>
          <p class="w-full text-[clamp(0.9rem,2.6vh,2.1rem)] whitespace-nowrap text-slate-400 lg:w-auto lg:text-right">
            {relativeTime(review.createTime, now)}
          </p>
        </li>
      ))}
    </ul>
  );
}

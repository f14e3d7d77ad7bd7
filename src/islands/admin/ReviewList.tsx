import type { ComponentChildren } from 'preact';
import { formatDateTime } from '#shared/format-date.ts';
import type { AdminReview } from '#domain/reviews/admin.ts';
import { Stars } from '../requests/RequestBits.tsx';
import { PAGE_SIZE, reviewerOf } from './reviews-admin.ts';
import { ReviewMatchCell } from './ReviewMatchCell.tsx';
import { Comment, SourceChip } from './ReviewCells.tsx';

interface RowsProps {
  reviews: AdminReview[];
  timeZone: string;
  /** A review's actions, the same in the table and on a phone. */
  actions: (review: AdminReview) => ComponentChildren;
}

/** Wide screens: one row per review. */
function ReviewTable({ reviews, timeZone, actions }: RowsProps) {
  return (
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
          {reviews.map((review) => (
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
                <ReviewMatchCell review={review} />
              </td>
              <td class="px-3 py-3">
                <Comment text={review.comment} />
              </td>
              <td class="px-4 py-3">{actions(review)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones and tablets: one block per review, its actions at hand. */
function ReviewCards({ reviews, timeZone, actions }: RowsProps) {
  return (
    <ul class="divide-y divide-slate-100 rounded-xl border border-slate-200 lg:hidden">
      {reviews.map((review) => (
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
          <ReviewMatchCell review={review} />
          <Comment text={review.comment} />
          {actions(review)}
        </li>
      ))}
    </ul>
  );
}

interface ReviewListProps extends RowsProps {
  /** How many of the reviews are shown; "Show more" adds a page. */
  shown: number;
  onShowMore: () => void;
}

/** The first `shown` reviews, as a table or as blocks by the screen's width, and "Show more" for the rest. */
export function ReviewList({ reviews, shown, onShowMore, ...rest }: ReviewListProps) {
  const visible = reviews.slice(0, shown);
  const more = reviews.length - visible.length;
  return (
    <>
      <ReviewTable reviews={visible} {...rest} />
      <ReviewCards reviews={visible} {...rest} />
      {more > 0 && (
        <div class="mt-4 flex justify-center">
          <button type="button" class="btn btn-secondary" onClick={onShowMore}>
            Show {Math.min(more, PAGE_SIZE)} more
            <span class="text-slate-500">({more} left)</span>
          </button>
        </div>
      )}
    </>
  );
}

import type { AdminReview } from '#domain/reviews/admin.ts';
import { ApiError } from '../api.ts';

/** GET /api/unmatched-invites: the requests no counted review holds (SPEC.md "Unmatched invite"). */
export interface UnmatchedInvite {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  teamName: string | null;
  /** When the request was logged (ISO 8601), when the server sends it. */
  createdAt?: string;
}

/** How many reviews the table shows at first, and how many more each "Show more" adds. */
export const PAGE_SIZE = 20;

export const reviewerOf = (review: Pick<AdminReview, 'reviewerName'>) => review.reviewerName?.trim() || 'Anonymous';

const reviewCount = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

/** The reviews no request holds yet, or only as a guess. */
const waitingCount = (reviews: AdminReview[]) => reviews.filter((r) => r.matchStatus === 'unmatched' || r.matchStatus === 'needs_review').length;

/** The line above the table: how many reviews, and how many wait to be matched (a blank line while loading). */
export function reviewsLine(reviews: AdminReview[] | null): string {
  if (reviews === null) return '\u00a0';
  if (reviews.length === 0) return 'No reviews yet';
  const waiting = waitingCount(reviews);
  return `${reviewCount(reviews.length)}${waiting > 0 ? ` · ${waiting} waiting to be matched` : ''}`;
}

/** What the review is matched to now, for the reassign dialog and its toast. */
export const matchedTo = (review: Pick<AdminReview, 'customerName' | 'teamName'>) =>
  review.customerName ? `${review.customerName}${review.teamName ? ` (${review.teamName})` : ''}` : null;

/** The server's message when it sent one, else the spec's fallback text. */
export const serverMessageOr = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback);

export const customerOf = (invite: UnmatchedInvite) => `${invite.firstName} ${invite.lastName}`.trim() || invite.email;

/** The invites whose customer, email or team holds every word of the query. */
export function invitesMatching(invites: UnmatchedInvite[], query: string): UnmatchedInvite[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return invites.filter((invite) => {
    const text = `${invite.firstName} ${invite.lastName} ${invite.email} ${invite.teamName ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

import type { Dashboard } from '../../lib/dashboard.ts';
import { SCORING_RULES, weekScore } from '../../lib/game/fair-score.ts';
import { rankTeams } from '../../lib/game/ranking.ts';

/**
 * The public demo's sample wallboard (/demo): made-up teams and reviews that live only in the
 * visitor's browser. Nothing here talks to the server.
 */

export interface DemoTeam {
  id: number;
  name: string;
  color: string;
  requests: number;
  reviews: number;
  /** Sum of the stars of the team's reviews, for its average. */
  stars: number;
}

export interface DemoBoard {
  teams: DemoTeam[];
  /** How many sample reviews have arrived so far; picks the next one. */
  arrived: number;
}

export interface DemoReview {
  reviewerName: string;
  rating: number;
  teamId: number;
}

export const DEMO_COMPANY_NAME = 'Harbourside Accounting';
export const DEMO_TARGET_REVIEWS = 120;

/** The landing page's sample card (Tax Team, Advisory, Audit, Ops), plus the Unknown team every workspace has. */
export function initialDemoBoard(): DemoBoard {
  return {
    arrived: 0,
    teams: [
      { id: 2, name: 'Advisory', color: '#3B82F6', requests: 45, reviews: 28, stars: 134 },
      { id: 3, name: 'Audit', color: '#8B5CF6', requests: 38, reviews: 21, stars: 99 },
      { id: 4, name: 'Ops', color: '#10B981', requests: 27, reviews: 13, stars: 65 },
      { id: 1, name: 'Tax Team', color: '#F59E0B', requests: 52, reviews: 34, stars: 167 },
      { id: 5, name: 'Unknown', color: '#6B7280', requests: 0, reviews: 2, stars: 9 },
    ],
  };
}

/** The sample reviews, in the order they arrive (then round again). */
const SAMPLE_REVIEWS: readonly DemoReview[] = [
  { reviewerName: 'Sarah K.', rating: 5, teamId: 4 },
  { reviewerName: 'James Whitfield', rating: 5, teamId: 1 },
  { reviewerName: 'Priya Patel', rating: 5, teamId: 2 },
  { reviewerName: 'Tom O’Brien', rating: 4, teamId: 3 },
  { reviewerName: 'Mei Lin', rating: 5, teamId: 4 },
  { reviewerName: 'Daniel Rossi', rating: 5, teamId: 1 },
  { reviewerName: 'Aisha Rahman', rating: 5, teamId: 3 },
  { reviewerName: 'Liam Murphy', rating: 4, teamId: 5 },
  { reviewerName: 'Chloe Nguyen', rating: 5, teamId: 2 },
  { reviewerName: 'Ben Carter', rating: 5, teamId: 4 },
];

/** The review that arrives next on this board. */
export function nextDemoReview(board: DemoBoard): DemoReview {
  return SAMPLE_REVIEWS[board.arrived % SAMPLE_REVIEWS.length]!;
}

/**
 * The board once `review` has arrived: its team gets the review and its stars, and staff of another
 * team log one more request, so the request counts move too.
 */
export function withDemoReview(board: DemoBoard, review: DemoReview): DemoBoard {
  const asking = board.teams.filter((t) => t.name !== 'Unknown');
  const askingId = asking[(board.arrived + 1) % asking.length]?.id;
  return {
    arrived: board.arrived + 1,
    teams: board.teams.map((team) => ({
      ...team,
      reviews: team.reviews + (team.id === review.teamId ? 1 : 0),
      stars: team.stars + (team.id === review.teamId ? review.rating : 0),
      requests: team.requests + (team.id === askingId ? 1 : 0),
    })),
  };
}

/** The board in the shape the real wallboard draws (SPEC.md section 3, "Dashboard payload"). */
export function demoDashboard(board: DemoBoard): Dashboard {
  const teams = board.teams.map((t) => ({
    id: t.id,
    name: t.name,
    color: t.color,
    reviews: t.reviews,
    reviewRequestsSent: t.requests,
    googleReviewsConfirmed: t.reviews,
    averageRating: t.reviews > 0 ? Math.round((t.stars / t.reviews) * 10) : 0,
    ...demoScore(t.requests, t.reviews),
  }));
  return {
    teams: rankTeams(teams),
    totals: {
      requestsSent: teams.reduce((n, t) => n + t.reviewRequestsSent, 0),
      googleReviews: teams.reduce((n, t) => n + t.googleReviewsConfirmed, 0),
    },
    targetReviews: DEMO_TARGET_REVIEWS,
    companyName: DEMO_COMPANY_NAME,
    companyLogo: null,
    week: { number: 1, startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), goal: null, reviews: teams.reduce((n, t) => n + t.reviews, 0) },
    people: [],
    latestReviews: [],
    display: { panels: ['teams'], rotateSeconds: 20, showReviewerNames: true, showUnknownTeam: true },
  };
}

/** A demo team's fair score: its first week, so compared with the usual-week floor (docs/decisions/031). */
function demoScore(requests: number, reviews: number) {
  const points = requests * SCORING_RULES.requestPoints + reviews * SCORING_RULES.reviewPoints;
  const score = weekScore(points, 0);
  return {
    score,
    scoreParts: { requestsLogged: requests, requestsCounted: requests, reviewsMatched: reviews, points, usualWeekPoints: 0, weekScore: score },
    rank: null,
    weekReviews: reviews,
    weeklyGoal: null,
  };
}

/** The first sample review arrives 4-6 s after the page opens (`random` in [0, 1)). */
export function firstArrivalDelayMs(random: number): number {
  return 4000 + Math.floor(random * 2000);
}

/**
 * Later ones arrive 4-6 s after the previous celebration has cleared, so the visitor sees the board
 * (and its counts going up) between celebrations rather than an overlay that never ends.
 */
export function nextArrivalDelayMs(random: number, celebrationMs: number): number {
  return celebrationMs + firstArrivalDelayMs(random);
}

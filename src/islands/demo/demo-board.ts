import type { Dashboard, LatestReview } from '#domain/game/dashboard.ts';
import { SCORING_RULES, weekScore } from '#shared/fair-score.ts';
import { isUnknownTeamName, UNKNOWN_TEAM_COLOR, UNKNOWN_TEAM_NAME } from '#shared/team-rules.ts';
import { firstNameAndInitial, rankTeams } from '#shared/wallboard-rules.ts';
import { DEFAULT_WALLBOARD_PANELS } from '#shared/settings-rules.ts';

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
  /** This week's share of `requests` and `reviews`. */
  weekRequests: number;
  weekReviews: number;
  /** The points of the team's usual week, and the scores of its earlier weeks (docs/decisions/031). */
  usualWeekPoints: number;
  earlierScore: number;
}

/** One of the people on the demo's leaderboard, with this week's figures. */
export interface DemoPerson {
  staffId: number;
  firstName: string;
  teamId: number;
  requests: number;
  opened: number;
  reviews: number;
  usualWeekPoints: number;
}

export interface DemoBoard {
  teams: DemoTeam[];
  people: DemoPerson[];
  /** Newest first, as the wallboard's latest reviews panel shows them. */
  latest: LatestReview[];
  /** How many sample reviews have arrived so far; picks the next one. */
  arrived: number;
  /** The sample challenge week: the 6th, half gone when the page opened. */
  weekEndsAt: string;
}

export interface DemoReview {
  reviewerName: string;
  rating: number;
  teamId: number;
}

export const DEMO_COMPANY_NAME = 'Harbourside Accounting';
export const DEMO_TARGET_REVIEWS = 120;
/** Quicker than a real board's default, so a visitor sees every panel in a short visit. */
export const DEMO_ROTATE_SECONDS = 10;

const HOUR_MS = 3_600_000;
export const DEMO_WEEK_NUMBER = 6;
export const DEMO_WEEK_GOAL = 24;

/** The landing page's sample card (Tax Team, Advisory, Audit, Ops), plus the Unknown team every workspace has. */
export function initialDemoBoard(now = Date.now()): DemoBoard {
  const team = (
    id: number,
    name: string,
    color: string,
    totals: [number, number, number],
    week: [number, number],
    usual: number,
    earlier: number,
  ): DemoTeam => ({
    id,
    name,
    color,
    requests: totals[0],
    reviews: totals[1],
    stars: totals[2],
    weekRequests: week[0],
    weekReviews: week[1],
    usualWeekPoints: usual,
    earlierScore: earlier,
  });
  const person = (staffId: number, firstName: string, teamId: number, requests: number, opened: number, reviews: number, usual: number): DemoPerson => ({
    staffId,
    firstName,
    teamId,
    requests,
    opened,
    reviews,
    usualWeekPoints: usual,
  });
  const ago = (hours: number) => new Date(now - hours * HOUR_MS).toISOString();
  return {
    arrived: 0,
    weekEndsAt: new Date(now + 3.5 * 24 * HOUR_MS + 4 * HOUR_MS).toISOString(),
    teams: [
      team(2, 'Advisory', '#3B82F6', [45, 28, 134], [8, 5], 30, 560),
      team(3, 'Audit', '#8B5CF6', [38, 21, 99], [7, 3], 24, 510),
      team(4, 'Ops', '#10B981', [27, 13, 65], [6, 3], 14, 430),
      team(1, 'Tax Team', '#F59E0B', [52, 34, 167], [9, 6], 38, 590),
      team(5, UNKNOWN_TEAM_NAME, UNKNOWN_TEAM_COLOR, [0, 2, 9], [0, 1], 0, 0),
    ],
    people: [
      person(1, 'Olivia', 1, 5, 4, 3, 14),
      person(2, 'Noah', 2, 4, 3, 3, 13),
      person(3, 'Grace', 3, 4, 3, 2, 12),
      person(4, 'Jack', 1, 4, 2, 3, 20),
      person(5, 'Ruby', 4, 3, 3, 2, 8),
      person(6, 'Ethan', 2, 4, 2, 2, 16),
      person(7, 'Zara', 4, 3, 1, 1, 7),
      person(8, 'Leo', 3, 3, 2, 1, 11),
    ],
    latest: [
      { id: -1, reviewerName: 'Hannah W.', rating: 5, teamName: 'Tax Team', teamColor: '#F59E0B', createTime: ago(0.4) },
      { id: -2, reviewerName: 'Marco D.', rating: 5, teamName: 'Advisory', teamColor: '#3B82F6', createTime: ago(1.5) },
      { id: -3, reviewerName: null, rating: null, teamName: 'Audit', teamColor: '#8B5CF6', createTime: ago(3) },
      { id: -4, reviewerName: 'Sophie T.', rating: 4, teamName: 'Ops', teamColor: '#10B981', createTime: ago(20) },
      { id: -5, reviewerName: 'Raj P.', rating: 5, teamName: 'Tax Team', teamColor: '#F59E0B', createTime: ago(27) },
      { id: -6, reviewerName: 'Emily B.', rating: 5, teamName: 'Advisory', teamColor: '#3B82F6', createTime: ago(30) },
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
 * The board once `review` has arrived (at `now`): its team and one of its people get the review and
 * its stars, it tops the latest reviews, and someone of another team logs one more request, so the
 * request counts move too.
 */
export function withDemoReview(board: DemoBoard, review: DemoReview, now = Date.now()): DemoBoard {
  const asking = board.teams.filter((t) => !isUnknownTeamName(t.name));
  const askingId = asking[(board.arrived + 1) % asking.length]?.id;
  const pick = (teamId: number | undefined) => {
    const members = board.people.filter((p) => p.teamId === teamId);
    return members[board.arrived % Math.max(members.length, 1)]?.staffId;
  };
  const reviewer = pick(review.teamId);
  const asker = pick(askingId);
  const team = board.teams.find((t) => t.id === review.teamId)!;
  const praised = review.rating > 3;
  return {
    arrived: board.arrived + 1,
    weekEndsAt: board.weekEndsAt,
    teams: board.teams.map((t) => {
      const reviewed = t.id === review.teamId ? 1 : 0;
      const asked = t.id === askingId ? 1 : 0;
      return {
        ...t,
        reviews: t.reviews + reviewed,
        weekReviews: t.weekReviews + reviewed,
        stars: t.stars + (reviewed ? review.rating : 0),
        requests: t.requests + asked,
        weekRequests: t.weekRequests + asked,
      };
    }),
    people: board.people.map((p) => ({
      ...p,
      reviews: p.reviews + (p.staffId === reviewer ? 1 : 0),
      requests: p.requests + (p.staffId === asker ? 1 : 0),
    })),
    latest: [
      {
        id: board.arrived + 1,
        reviewerName: praised ? firstNameAndInitial(review.reviewerName) : null,
        rating: praised ? review.rating : null,
        teamName: team.name,
        teamColor: team.color,
        createTime: new Date(now).toISOString(),
      },
      ...board.latest,
    ].slice(0, 6),
  };
}

const pointsOf = (requests: number, reviews: number) => requests * SCORING_RULES.requestPoints + reviews * SCORING_RULES.reviewPoints;

/** The board in the shape the real wallboard draws (SPEC.md section 3, "Dashboard payload", and issue 13's game). */
export function demoDashboard(board: DemoBoard): Dashboard {
  const teams = board.teams.map((t) => {
    const unknown = isUnknownTeamName(t.name);
    const points = pointsOf(t.weekRequests, t.weekReviews);
    const week = unknown ? 0 : weekScore(points, t.usualWeekPoints);
    return {
      id: t.id,
      name: t.name,
      color: t.color,
      reviews: t.reviews,
      reviewRequestsSent: t.requests,
      googleReviewsConfirmed: t.reviews,
      averageRating: t.reviews > 0 ? Math.round((t.stars / t.reviews) * 10) : 0,
      score: unknown ? 0 : t.earlierScore + week,
      scoreParts: {
        requestsLogged: t.requests,
        requestsCounted: t.requests,
        reviewsMatched: unknown ? 0 : t.reviews,
        points: pointsOf(t.requests, t.reviews),
        usualWeekPoints: t.usualWeekPoints,
        weekScore: week,
      },
      rank: null,
      weekReviews: t.weekReviews,
      weeklyGoal: null,
    };
  });
  const people = board.people
    .map((p) => ({
      staffId: p.staffId,
      firstName: p.firstName,
      requestsSent: p.requests,
      linksOpened: p.opened,
      reviewsMatched: p.reviews,
      conversion: p.requests > 0 ? p.reviews / p.requests : 0,
      score: weekScore(pointsOf(p.requests, p.reviews), p.usualWeekPoints),
    }))
    .sort((a, b) => b.score - a.score || a.firstName.localeCompare(b.firstName));
  const weekEndsAt = Date.parse(board.weekEndsAt);
  return {
    teams: rankTeams(teams),
    totals: {
      requestsSent: teams.reduce((n, t) => n + t.reviewRequestsSent, 0),
      googleReviews: teams.reduce((n, t) => n + t.googleReviewsConfirmed, 0),
    },
    targetReviews: DEMO_TARGET_REVIEWS,
    companyName: DEMO_COMPANY_NAME,
    companyLogo: null,
    week: {
      number: DEMO_WEEK_NUMBER,
      startsAt: new Date(weekEndsAt - 7 * 24 * HOUR_MS).toISOString(),
      endsAt: board.weekEndsAt,
      goal: DEMO_WEEK_GOAL,
      reviews: teams.reduce((n, t) => n + t.weekReviews, 0),
    },
    people,
    latestReviews: board.latest,
    // The demo's people have no desk cards: its board keeps to the default panels.
    deskCards: [],
    display: { panels: [...DEFAULT_WALLBOARD_PANELS], rotateSeconds: DEMO_ROTATE_SECONDS, showReviewerNames: true, showUnknownTeam: true },
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

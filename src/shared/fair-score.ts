// Fair scoring (issue 13, docs/decisions/031-fair-scoring.md). Pure: the same activity always gives
// the same score. A week's points are compared with the team's (or person's) own usual week, so a busy
// season does not decide the ranking; a request scores only when logged soon after the customer was
// seen, so a back-dated burst does not pay; star ratings are never read.

export const SCORING_RULES = {
  requestPoints: 1,
  /** A matched review is worth more than a request: it is the thing being played for. */
  reviewPoints: 5,
  /** A request scores when logged at most this many days after the customer was seen. */
  requestWindowDays: 3,
  /** The usual week is the median of this many weeks before it (one empty week does not move it)... */
  trailingWeeks: 4,
  /** ...and falls by at most this share a week, so holding a week back never pays later. */
  usualMaxWeeklyFall: 0.1,
  /** Points a usual week is never taken below (one matched review), so a quiet start cannot explode a ratio. */
  usualFloor: 5,
} as const;

/** Requests logged in one challenge week (0-based; negative before the challenge), `lagDays` after the customer was seen. */
export interface RequestActivity {
  week: number;
  /** Days from "Saw the customer on" to logging (negative: dated after it was logged); null for requests older than that field. */
  lagDays: number | null;
  count: number;
}

/** Matched reviews written in one challenge week. Ratings may travel with them and are deliberately ignored. */
export interface ReviewActivity {
  week: number;
  rating?: number;
  count: number;
}

export interface Activity {
  requests: RequestActivity[];
  reviews: ReviewActivity[];
}

export interface WeekPoints {
  requestsLogged: number;
  requestsCounted: number;
  reviewsMatched: number;
  points: number;
}

/** True when a request was logged within the window after its customer interaction, not before it. */
export function requestScores(lagDays: number | null): boolean {
  return lagDays === null || (lagDays >= 0 && lagDays <= SCORING_RULES.requestWindowDays);
}

const emptyWeek = (): WeekPoints => ({ requestsLogged: 0, requestsCounted: 0, reviewsMatched: 0, points: 0 });

/** Points per challenge week. */
export function weeklyPoints(activity: Activity): Map<number, WeekPoints> {
  const weeks = new Map<number, WeekPoints>();
  const week = (index: number) => {
    let points = weeks.get(index);
    if (!points) weeks.set(index, (points = emptyWeek()));
    return points;
  };
  for (const request of activity.requests) {
    const points = week(request.week);
    points.requestsLogged += request.count;
    if (requestScores(request.lagDays)) {
      points.requestsCounted += request.count;
      points.points += request.count * SCORING_RULES.requestPoints;
    }
  }
  for (const review of activity.reviews) {
    const points = week(review.week);
    points.reviewsMatched += review.count;
    points.points += review.count * SCORING_RULES.reviewPoints;
  }
  return weeks;
}

/** A week's score: its points as a percentage of the usual week (100 is a usual week). */
export function weekScore(points: number, usualPoints: number): number {
  return Math.round((100 * points) / Math.max(usualPoints, SCORING_RULES.usualFloor));
}

export interface ScoreParts extends WeekPoints {
  /** The usual week this week is compared with (before the floor). */
  usualWeekPoints: number;
}

export interface Score {
  score: number;
  parts: ScoreParts;
}

export interface Scores {
  /** The current week's score. */
  week: Score;
  /** The sum of every challenge week's score up to and with the current one. */
  challenge: Score;
}

/**
 * The scores of one team or person. `firstWeek` is the first week its history may count from (its
 * creation, or as far back as the activity was loaded); `currentWeek` the week being played.
 */
export function scoreActivity(activity: Activity, options: { firstWeek: number; currentWeek: number }): Scores {
  const { firstWeek, currentWeek } = options;
  const byWeek = weeklyPoints(activity);
  const pointsOf = (index: number) => byWeek.get(index) ?? emptyWeek();
  const challenge: ScoreParts = { ...emptyWeek(), usualWeekPoints: 0 };
  let challengeScore = 0;
  let usual = 0;
  let week: Score = { score: 0, parts: { ...emptyWeek(), usualWeekPoints: 0 } };
  for (let index = Math.min(firstWeek, currentWeek); index <= currentWeek; index += 1) {
    const trailing: number[] = [];
    for (let back = Math.max(firstWeek, index - SCORING_RULES.trailingWeeks); back < index; back += 1) trailing.push(pointsOf(back).points);
    usual = Math.max(median(trailing), usual * (1 - SCORING_RULES.usualMaxWeeklyFall));
    const points = pointsOf(index);
    const score = weekScore(points.points, usual);
    if (index >= 0) {
      challengeScore += score;
      challenge.requestsLogged += points.requestsLogged;
      challenge.requestsCounted += points.requestsCounted;
      challenge.reviewsMatched += points.reviewsMatched;
      challenge.points += points.points;
    }
    if (index === currentWeek) {
      week = { score, parts: { ...points, usualWeekPoints: round1(usual) } };
      challenge.usualWeekPoints = round1(usual);
    }
  }
  return { week, challenge: { score: challengeScore, parts: challenge } };
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

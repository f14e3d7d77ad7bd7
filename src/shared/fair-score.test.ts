import { describe, expect, it } from 'vitest';
import { requestScores, scoreActivity, SCORING_RULES, weekScore, type Activity } from './fair-score.ts';

/** Requests each logged on the day its customer was seen, `perWeek[i]` of them in week `firstIndex + i`. */
function steadyWeeks(perWeek: number[], firstIndex = -perWeek.length + 1): Activity {
  return { requests: perWeek.map((count, i) => ({ week: firstIndex + i, lagDays: 0, count })), reviews: [] };
}

function rank(scores: Record<string, number>): string[] {
  return Object.entries(scores)
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name);
}

describe('requestScores', () => {
  it('counts a request logged on the day or up to the window after, never before or later', () => {
    expect(requestScores(0)).toBe(true);
    expect(requestScores(SCORING_RULES.requestWindowDays)).toBe(true);
    expect(requestScores(SCORING_RULES.requestWindowDays + 1)).toBe(false);
    expect(requestScores(-1)).toBe(false);
    expect(requestScores(null)).toBe(true);
  });
});

describe('fair scoring', () => {
  it('ranks a back-dated burst at the end of the week no higher than the same requests logged across the week', () => {
    const days = [0, 1, 2, 3, 4, 5, 6];
    // Steady: about three requests a day, each logged the day the customer was seen (20 in all).
    const steady: Activity = {
      requests: days.map((day) => ({ week: 0, lagDays: 0, count: day < 6 ? 3 : 2 })),
      reviews: [{ week: 0, count: 2 }],
    };
    // Burst: the same 20 customers, all logged on the last day (day 6), dated when each was seen.
    const burst: Activity = {
      requests: days.map((day) => ({ week: 0, lagDays: 6 - day, count: day < 6 ? 3 : 2 })),
      reviews: [{ week: 0, count: 2 }],
    };
    const options = { firstWeek: 0, currentWeek: 0 };
    const scores = { steady: scoreActivity(steady, options).week.score, burst: scoreActivity(burst, options).week.score };
    expect(scores.burst).toBeLessThan(scores.steady);
    expect(scoreActivity(burst, options).week.parts.requestsLogged).toBe(20);
    expect(scoreActivity(burst, options).week.parts.requestsCounted).toBe(11); // the last 4 days' customers
  });

  it('does not let a season twice as busy outrank an equally improving quieter team by volume alone', () => {
    const options = { firstWeek: -4, currentWeek: 0 };
    // Busy: 40 points a usual week, 80 in its busy season. Quiet: 10 a usual week, improving to 20.
    const busy = scoreActivity(steadyWeeks([40, 40, 40, 40, 80]), options).week.score;
    const quiet = scoreActivity(steadyWeeks([10, 10, 10, 10, 20]), options).week.score;
    expect(busy).toBe(200);
    expect(quiet).toBe(200);
    // And a quiet team that improves more outranks the busy one despite a quarter of the volume.
    const improving = scoreActivity(steadyWeeks([10, 10, 10, 10, 25]), options).week.score;
    expect(rank({ busy, improving })).toEqual(['improving', 'busy']);
  });

  it('never moves a score with star ratings', () => {
    const options = { firstWeek: 0, currentWeek: 0 };
    const withStars = (rating: number): Activity => ({
      requests: [{ week: 0, lagDays: 0, count: 4 }],
      reviews: [{ week: 0, rating, count: 3 }],
    });
    const scores = [1, 2, 3, 4, 5].map((stars) => scoreActivity(withStars(stars), options));
    for (const score of scores) expect(score).toEqual(scores[0]);
  });

  it('values a matched review above a request', () => {
    const options = { firstWeek: 0, currentWeek: 0 };
    const oneRequest = scoreActivity({ requests: [{ week: 0, lagDays: 0, count: 1 }], reviews: [] }, options);
    const oneReview = scoreActivity({ requests: [], reviews: [{ week: 0, count: 1 }] }, options);
    expect(oneReview.week.score).toBeGreaterThan(oneRequest.week.score);
  });

  it('makes holding a week back to lower the usual week cost more than it wins later', () => {
    const options = { firstWeek: -4, currentWeek: 5 };
    const honest = scoreActivity(steadyWeeks([20, 20, 20, 20, 20, 20, 20, 20, 20, 20], -4), options).challenge.score;
    const heldBackOne = scoreActivity(steadyWeeks([20, 20, 20, 20, 0, 20, 20, 20, 20, 20], -4), options).challenge.score;
    const heldBackTwo = scoreActivity(steadyWeeks([20, 20, 20, 20, 0, 0, 20, 20, 20, 20], -4), options).challenge.score;
    expect(heldBackOne).toBeLessThan(honest);
    expect(heldBackTwo).toBeLessThan(heldBackOne);
  });

  it('sums the challenge weeks and reports the current week with its usual week', () => {
    const scores = scoreActivity(steadyWeeks([10, 10, 20], -1), { firstWeek: -1, currentWeek: 1 });
    // Week 0: usual 10 -> 100; week 1: usual 10 -> 200. Week -1 is history, not challenge.
    expect(scores.week).toEqual({ score: 200, parts: { requestsLogged: 20, requestsCounted: 20, reviewsMatched: 0, points: 20, usualWeekPoints: 10 } });
    expect(scores.challenge.score).toBe(300);
    expect(scores.challenge.parts.points).toBe(30);
  });

  it('compares a first week with the floor, not with nothing', () => {
    expect(weekScore(10, 0)).toBe(Math.round((100 * 10) / SCORING_RULES.usualFloor));
    expect(weekScore(0, 0)).toBe(0);
  });
});

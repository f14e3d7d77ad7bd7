import { describe, expect, it } from 'vitest';
import { CELEBRATION_DURATION_MS } from '../celebration.ts';
import { demoDashboard, firstArrivalDelayMs, initialDemoBoard, nextArrivalDelayMs, nextDemoReview, withDemoReview } from './demo-board.ts';

describe('the demo board', () => {
  it('starts with the landing page sample teams, alphabetically, then Unknown, and a target', () => {
    const dashboard = demoDashboard(initialDemoBoard());
    expect(dashboard.teams.map((t) => t.name)).toEqual(['Advisory', 'Audit', 'Ops', 'Tax Team', 'Unknown']);
    expect(dashboard.targetReviews).toBe(120);
    expect(dashboard.totals.googleReviews).toBe(98);
    expect(dashboard.teams.find((t) => t.name === 'Tax Team')).toMatchObject({ googleReviewsConfirmed: 34, averageRating: 49 });
    expect(dashboard.companyLogo).toBeNull();
  });

  it('adds each arriving review to its team, with its stars, and one more request elsewhere', () => {
    let board = initialDemoBoard();
    const before = demoDashboard(board);
    const review = nextDemoReview(board);
    board = withDemoReview(board, review);
    const after = demoDashboard(board);
    expect(after.totals.googleReviews).toBe(before.totals.googleReviews + 1);
    expect(after.totals.requestsSent).toBe(before.totals.requestsSent + 1);
    const team = (d: typeof after) => d.teams.find((t) => t.id === review.teamId)!;
    expect(team(after).googleReviewsConfirmed).toBe(team(before).googleReviewsConfirmed + 1);
    expect(nextDemoReview(board)).not.toEqual(review);
  });

  it('keeps going round the sample reviews, with whole 1-5 ratings and a name', () => {
    let board = initialDemoBoard();
    for (let i = 0; i < 25; i++) {
      const review = nextDemoReview(board);
      expect(review.reviewerName).not.toBe('');
      expect([1, 2, 3, 4, 5]).toContain(review.rating);
      expect(board.teams.some((t) => t.id === review.teamId)).toBe(true);
      board = withDemoReview(board, review);
    }
    expect(demoDashboard(board).totals.googleReviews).toBe(98 + 25);
    for (const team of demoDashboard(board).teams) expect(team.averageRating).toBeGreaterThanOrEqual(40);
  });

  it('lets a review arrive 4-6 s after opening, and 4-6 s after each celebration clears', () => {
    expect(firstArrivalDelayMs(0)).toBe(4000);
    expect(firstArrivalDelayMs(0.999)).toBeLessThanOrEqual(6000);
    expect(nextArrivalDelayMs(0.5, CELEBRATION_DURATION_MS)).toBe(CELEBRATION_DURATION_MS + 5000);
  });
});

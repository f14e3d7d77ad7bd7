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

  it('plays the whole game: all four panels rotating, week 6 against a goal, people and latest reviews', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    const dashboard = demoDashboard(initialDemoBoard(now));
    expect(dashboard.display.panels).toEqual(['teams', 'people', 'week', 'latest']);
    expect(dashboard.week).toMatchObject({ number: 6, goal: 24 });
    expect(Date.parse(dashboard.week.endsAt)).toBeGreaterThan(now);
    expect(dashboard.people).toHaveLength(8);
    expect(dashboard.people.map((p) => p.score)).toEqual([...dashboard.people.map((p) => p.score)].sort((a, b) => b - a));
    expect(dashboard.latestReviews).toHaveLength(6);
    // Ranks follow the score; Unknown has none.
    expect(dashboard.teams.find((t) => t.name === 'Unknown')).toMatchObject({ rank: null, score: 0 });
    expect(dashboard.teams.filter((t) => t.rank === 1)).toHaveLength(1);
  });

  it('credits an arriving review to a person of its team and puts it first among the latest, as a first name and initial', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    const board = initialDemoBoard(now);
    const review = nextDemoReview(withDemoReview(board, nextDemoReview(board), now));
    const after = withDemoReview(withDemoReview(board, nextDemoReview(board), now), review, now + 1000);
    const latest = demoDashboard(after).latestReviews;
    expect(review.reviewerName).toBe('James Whitfield');
    expect(latest[0]).toMatchObject({ reviewerName: 'James W.', rating: 5, teamName: 'Tax Team', createTime: new Date(now + 1000).toISOString() });
    expect(latest).toHaveLength(6);
    const reviewsOf = (b: typeof board) => b.people.filter((p) => p.teamId === review.teamId).reduce((n, p) => n + p.reviews, 0);
    const before = withDemoReview(board, nextDemoReview(board), now);
    expect(reviewsOf(after)).toBe(reviewsOf(before) + 1);
    expect(demoDashboard(after).week.reviews).toBe(demoDashboard(before).week.reviews + 1);
  });

  it('lets a review arrive 4-6 s after opening, and 4-6 s after each celebration clears', () => {
    expect(firstArrivalDelayMs(0)).toBe(4000);
    expect(firstArrivalDelayMs(0.999)).toBeLessThanOrEqual(6000);
    expect(nextArrivalDelayMs(0.5, CELEBRATION_DURATION_MS)).toBe(CELEBRATION_DURATION_MS + 5000);
  });
});

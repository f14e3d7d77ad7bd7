import { describe, expect, it } from 'vitest';
import { percentLabel, progressColor, progressPercent, ratingLabel, scorePartsLines, sharedRanks, teamWeekGoal, timeLeftLabel } from './wallboard-figures.ts';

describe('wallboard figures', () => {
  it('caps progress at 100 percent', () => {
    expect(progressPercent(0, 120)).toBe(0);
    expect(progressPercent(60, 120)).toBe(50);
    expect(progressPercent(500, 120)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });

  it('colours progress red, yellow and green at 33 and 66', () => {
    expect(progressColor(32, 100)).toBe('bg-red-500');
    expect(progressColor(33, 100)).toBe('bg-amber-400');
    expect(progressColor(65, 100)).toBe('bg-amber-400');
    expect(progressColor(66, 100)).toBe('bg-emerald-500');
    // Issue 27, item 23: 32.5 % reads "33%" and is red, as below 33 %; 65.9 % reads "66%" and is yellow.
    expect(progressPercent(13, 40)).toBe(33);
    expect(progressColor(13, 40)).toBe('bg-red-500');
    expect(progressColor(659, 1000)).toBe('bg-amber-400');
    expect(progressColor(0, 0)).toBe('bg-red-500');
  });

  it('shows the stored rating divided by ten with one decimal', () => {
    expect(ratingLabel(47)).toBe('4.7');
    expect(ratingLabel(50)).toBe('5.0');
    expect(ratingLabel(0)).toBe('0.0');
  });

  it('says how long is left in the week, in days and hours, then hours and minutes', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    expect(timeLeftLabel(at(3 * 1440 + 4 * 60 + 30), now)).toBe('3 days 4 h left');
    expect(timeLeftLabel(at(1440), now)).toBe('1 day 0 h left');
    expect(timeLeftLabel(at(5 * 60 + 12), now)).toBe('5 h 12 min left');
    expect(timeLeftLabel(at(12), now)).toBe('12 min left');
    // Part of a minute left still reads as a minute, not "0 min".
    expect(timeLeftLabel(new Date(now.getTime() + 20_000).toISOString(), now)).toBe('1 min left');
    expect(timeLeftLabel(at(0), now)).toBe('New week starting');
    expect(timeLeftLabel(at(-90), now)).toBe('New week starting');
  });

  it("gives a team its own weekly goal, else its share of the wallboard's, else none", () => {
    expect(teamWeekGoal({ weeklyGoal: 8 }, 20, 4)).toEqual({ goal: 8, own: true });
    expect(teamWeekGoal({ weeklyGoal: null }, 20, 3)).toEqual({ goal: 7, own: false });
    expect(teamWeekGoal({ weeklyGoal: null }, null, 3)).toBeNull();
    expect(teamWeekGoal({ weeklyGoal: null }, 20, 0)).toBeNull();
  });

  it('spells out what a score is made of', () => {
    expect(scorePartsLines({ requestsCounted: 12, reviewsMatched: 3, weekScore: 140 })).toEqual(['12 requests · 3 reviews', '140 this week']);
    expect(scorePartsLines({ requestsCounted: 1, reviewsMatched: 1, weekScore: 0 })).toEqual(['1 request · 1 review', '0 this week']);
  });

  it('shows conversion as a whole percent, and shares ranks between equal scores', () => {
    expect(percentLabel(0.256)).toBe('26%');
    expect(percentLabel(0)).toBe('0%');
    expect(sharedRanks([300, 200, 200, 100])).toEqual([1, 2, 2, 4]);
    expect(sharedRanks([])).toEqual([]);
  });
});

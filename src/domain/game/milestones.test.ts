import { describe, expect, it } from 'vitest';
import { reachedMilestones } from './milestones.ts';

const week = { number: 2, startsAt: '2026-11-23T00:00:00.000Z', endsAt: '2026-11-30T00:00:00.000Z', goal: null as number | null, reviews: 0 };
const team = (id: number, weekReviews: number, weeklyGoal: number | null) => ({ id, weekReviews, weeklyGoal }) as never;

function figures(over: { teams?: never[]; week?: Partial<typeof week>; target?: number; total?: number } = {}) {
  return {
    teams: over.teams ?? [],
    week: { ...week, ...over.week },
    targetReviews: over.target ?? 120,
    totals: { requestsSent: 0, googleReviews: over.total ?? 0 },
  };
}

describe('reachedMilestones', () => {
  it("names the team's weekly goal once its week count reaches it, keyed by team and week", () => {
    const reached = reachedMilestones(figures({ teams: [team(4, 5, 5), team(5, 9, 5)] }), 1, 4);
    expect(reached).toEqual([
      {
        key: 'goal:team:4:2026-11-23T00:00:00.000Z',
        event: { type: 'goal.reached', workspaceId: 1, data: { teamId: 4, wallboardId: null, goal: 5, weekStartsAt: week.startsAt } },
      },
    ]);
    expect(reachedMilestones(figures({ teams: [team(4, 4, 5)] }), 1, 4)).toEqual([]);
    expect(reachedMilestones(figures({ teams: [team(4, 9, null)] }), 1, 4)).toEqual([]);
  });

  it("names the workspace's weekly goal and the challenge target when reached", () => {
    const reached = reachedMilestones(figures({ week: { goal: 10, reviews: 10 }, target: 50, total: 50 }), 1, null);
    expect(reached.map((m) => m.key)).toEqual(['goal:workspace:2026-11-23T00:00:00.000Z', 'target:50']);
    expect(reached[1]!.event).toEqual({ type: 'target.reached', workspaceId: 1, data: { target: 50, wallboardId: null } });
    expect(reachedMilestones(figures({ week: { goal: 10, reviews: 9 }, target: 50, total: 49 }), 1, null)).toEqual([]);
  });

  it("keys a named wallboard's goal and target by the wallboard, apart from the workspace's own", () => {
    const reached = reachedMilestones(figures({ week: { goal: 10, reviews: 10 }, target: 50, total: 50 }), 1, null, 7);
    expect(reached.map((m) => m.key)).toEqual(['goal:wallboard:7:2026-11-23T00:00:00.000Z', 'target:wallboard:7:50']);
    expect(reached.map((m) => m.event.data)).toEqual([
      { teamId: null, wallboardId: 7, goal: 10, weekStartsAt: week.startsAt },
      { target: 50, wallboardId: 7 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { reviews, teams } from '#platform/db/schema.ts';
import type { DomainEvent } from '#domain/events/domain-events.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { type UnitStore, withUnitStore } from '#testing/unit-queue.ts';
import { milestonesCheck } from './milestones.ts';
import { loadBoardFigures, loadDashboard } from './dashboard.ts';
import { createWallboard } from './wallboards.ts';
import { putSetting } from '#domain/workspace/settings.ts';

let store: UnitStore;
withUnitStore((opened) => (store = opened));

let externalId = 0;
async function review(workspaceId: number, teamId: number | null, matchStatus: 'auto_matched' | 'unmatched') {
  const [row] = await store.database.db
    .insert(reviews)
    .values({
      workspaceId,
      kind: 'google',
      source: 'google',
      externalId: `ms-${++externalId}`,
      reviewerName: 'Sarah K.',
      rating: 5,
      createTime: new Date(),
      teamId,
      matchStatus,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

const created = (workspaceId: number, reviewId: number) => ({
  id: crypto.randomUUID(),
  data: {
    id: crypto.randomUUID(),
    type: 'review.created',
    workspaceId,
    occurredAt: new Date().toISOString(),
    data: { reviewId },
  } as DomainEvent<'review.created'>,
});

describe('the milestones consumer', () => {
  it('leaves a review stored already matched to its review.matched event, and checks one that counts for nobody', async () => {
    const workspace = await unitWorkspace(store.database.db);
    const [team] = await store.database.db
      .insert(teams)
      .values({ workspaceId: workspace.id, name: 'Front Desk', color: '#3B82F6' })
      .returning({ id: teams.id });
    const check = milestonesCheck(store);
    const inTransaction = (job: ReturnType<typeof created>) => store.database.db.transaction((tx) => check(job, tx));
    expect(await inTransaction(created(workspace.id, await review(workspace.id, team!.id, 'auto_matched')))).toEqual({
      raised: 0,
      checkedBy: 'review.matched',
    });
    expect(await inTransaction(created(workspace.id, await review(workspace.id, null, 'unmatched')))).toEqual({ raised: 0 });
  });

  it("checks a wallboard's goals and target against the very figures its dashboard shows", async () => {
    const { db } = store.database;
    const workspace = await unitWorkspace(db, 'agency');
    await putSetting(db, workspace.id, 'weekly_goal', '3');
    await putSetting(db, workspace.id, 'target_reviews', '4');
    const created = await createWallboard(db, workspace, { name: 'Client B', targetReviews: 2, weeklyGoal: 1 });
    if (!created.ok) throw new Error(created.problem);
    const board = created.wallboard;
    const [front, back, client] = await db
      .insert(teams)
      .values([
        { workspaceId: workspace.id, name: 'Front Desk', color: '#3B82F6', weeklyGoal: 2 },
        { workspaceId: workspace.id, name: 'Back Office', color: '#EF4444' },
        { workspaceId: workspace.id, name: 'Client Team', color: '#10B981', wallboardId: board.id, weeklyGoal: 1 },
      ])
      .returning({ id: teams.id });
    for (const teamId of [front!.id, front!.id, back!.id, client!.id, null]) await review(workspace.id, teamId, teamId === null ? 'unmatched' : 'auto_matched');
    for (const wallboard of [null, board]) {
      const dashboard = await loadDashboard(db, workspace, wallboard);
      const figures = await loadBoardFigures(db, workspace, wallboard);
      expect(figures).toEqual({
        teams: dashboard.teams.map(({ id, weekReviews, weeklyGoal }) => ({ id, weekReviews, weeklyGoal })),
        totals: { googleReviews: dashboard.totals.googleReviews },
        targetReviews: dashboard.targetReviews,
        week: { startsAt: dashboard.week.startsAt, goal: dashboard.week.goal, reviews: dashboard.week.reviews },
      });
    }
    // The figures are the board's own: on the workspace's board three reviews of its teams and the unmatched one (Unknown's), on Client B's one.
    expect((await loadBoardFigures(db, workspace, null)).totals.googleReviews).toBe(4);
    expect(await loadBoardFigures(db, workspace, board)).toMatchObject({ targetReviews: 2, week: { goal: 1, reviews: 1 }, totals: { googleReviews: 1 } });
  });
});

import { loadBoardFigures, type BoardFigures } from './dashboard.ts';
import type { Database, Db } from '#platform/db/database.ts';
import type { SentJob } from '#platform/jobs/queue.ts';
import { milestonesReached } from '#platform/db/schema.ts';
import { publishLiveEvent } from '#platform/live/publish.ts';
import { wallboardOfTeam } from './wallboards.ts';
import { findWorkspaceById } from '#domain/workspace/workspaces.ts';
import { reviewCountsForATeam } from '#domain/reviews/scoring.ts';
import { lockWorkspaceReviews } from '#domain/reviews/store.ts';
import { raiseEvent, type DomainEvent, type Store } from '#domain/events/domain-events.ts';

// The milestones consumer: after a review counts, has a team's weekly goal, the workspace's weekly
// goal or the challenge target been reached? Each is raised once: its row in milestones_reached is
// taken in the transaction that raises it, the review's own.

export interface Milestone {
  key: string;
  event: Parameters<typeof raiseEvent>[1];
}

/**
 * The milestones a wallboard's figures show as reached, after a review counted for teamId (if any):
 * the workspace's own wallboard (wallboardId null) or a named one, each with its goal and target.
 */
export function reachedMilestones(dashboard: BoardFigures, workspaceId: number, teamId: number | null, wallboardId: number | null = null): Milestone[] {
  const { week } = dashboard;
  const reached: Milestone[] = [];
  // The workspace's own wallboard keeps the keys it had before named wallboards had milestones.
  const board = wallboardId === null ? 'workspace' : `wallboard:${wallboardId}`;
  const team = teamId === null ? undefined : dashboard.teams.find((t) => t.id === teamId);
  if (team?.weeklyGoal && team.weekReviews >= team.weeklyGoal) {
    reached.push({
      key: `goal:team:${team.id}:${week.startsAt}`,
      event: { type: 'goal.reached', workspaceId, data: { teamId: team.id, wallboardId, goal: team.weeklyGoal, weekStartsAt: week.startsAt } },
    });
  }
  if (week.goal && week.reviews >= week.goal) {
    reached.push({
      key: `goal:${board}:${week.startsAt}`,
      event: { type: 'goal.reached', workspaceId, data: { teamId: null, wallboardId, goal: week.goal, weekStartsAt: week.startsAt } },
    });
  }
  if (dashboard.targetReviews > 0 && dashboard.totals.googleReviews >= dashboard.targetReviews) {
    const key = wallboardId === null ? `target:${dashboard.targetReviews}` : `target:${board}:${dashboard.targetReviews}`;
    reached.push({ key, event: { type: 'target.reached', workspaceId, data: { target: dashboard.targetReviews, wallboardId } } });
  }
  return reached;
}

/** The events that can move a team toward a goal or the challenge toward its target. */
type MilestoneEvent = DomainEvent<'review.created' | 'review.matched'>;

declare module '#platform/jobs/queue.ts' {
  interface QueuePayloads {
    milestones: MilestoneEvent;
  }
}

/**
 * The milestones consumer, worked in the transaction that raised the event (decision 071): it counts
 * the board with the review in it, under the workspace's review lock (taken first by every writer of
 * review counts, so two reviews committed together never both miss a goal between them), and takes
 * each milestone's row and raises its event there, committed with the review or not at all.
 */
export function milestonesCheck(store: Store) {
  return async (job: SentJob<MilestoneEvent>, tx: Db): Promise<object> => {
    const event = job.data;
    const [, workspace] = await Promise.all([lockWorkspaceReviews(tx, event.workspaceId), findWorkspaceById(tx, event.workspaceId)]);
    if (!workspace) return { raised: 0 };
    // A review stored already matched raises review.matched too, whose check covers its team's board
    // and the workspace's: one dashboard read per review, not one per event.
    if (event.type === 'review.created' && (await reviewCountsForATeam(tx, workspace.id, (event.data as DomainEvent<'review.created'>['data']).reviewId))) {
      return { raised: 0, checkedBy: 'review.matched' };
    }
    const teamId = event.type === 'review.matched' ? (event.data as DomainEvent<'review.matched'>['data']).teamId : null;
    // The figures of the wallboard the review counts on: its team's, or the workspace's own for "Unknown".
    const wallboard = teamId === null ? null : await wallboardOfTeam(tx, workspace, teamId);
    let raised = 0;
    for (const milestone of reachedMilestones(await loadBoardFigures(tx, workspace, wallboard), workspace.id, teamId, wallboard?.id ?? null)) {
      const [taken] = await tx
        .insert(milestonesReached)
        .values({ workspaceId: workspace.id, key: milestone.key })
        .onConflictDoNothing()
        .returning({ key: milestonesReached.key });
      if (!taken) continue;
      await raiseEvent(store.jobs, milestone.event, { tx, onceKey: `${workspace.id}:${milestone.key}` });
      raised++;
    }
    return { raised };
  };
}

/**
 * A celebration on every screen of the workspace with no milestone behind it (SPEC.md section 7's
 * demo): it carries `{ demo: true }`, so the screens label it a demo, and it raises no domain event,
 * so no webhook hears of it.
 */
export async function sendDemoCelebration(database: Database, workspaceId: number): Promise<void> {
  await publishLiveEvent(database, { workspaceId, event: 'celebration', detail: { demo: true } });
}

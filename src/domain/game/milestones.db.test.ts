import type { Job } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { reviews, teams } from '#platform/db/schema.ts';
import type { DomainEvent } from '#domain/events/domain-events.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { type UnitStore, withUnitStore } from '#testing/unit-queue.ts';
import { milestonesWorker } from './milestones.ts';

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

const created = (workspaceId: number, reviewId: number) =>
  ({ data: { type: 'review.created', workspaceId, data: { reviewId } } }) as unknown as Job<DomainEvent<'review.created'>>;

describe('the milestones consumer', () => {
  it('leaves a review stored already matched to its review.matched event, and checks one that counts for nobody', async () => {
    const workspace = await unitWorkspace(store.database.db);
    const [team] = await store.database.db
      .insert(teams)
      .values({ workspaceId: workspace.id, name: 'Front Desk', color: '#3B82F6' })
      .returning({ id: teams.id });
    const worker = milestonesWorker(store);
    expect(await worker(created(workspace.id, await review(workspace.id, team!.id, 'auto_matched')))).toEqual({ raised: 0, checkedBy: 'review.matched' });
    expect(await worker(created(workspace.id, await review(workspace.id, null, 'unmatched')))).toEqual({ raised: 0 });
  });
});

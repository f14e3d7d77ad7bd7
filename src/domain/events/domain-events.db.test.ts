import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { saveAlerts } from '#domain/integrations/alerts/store.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { type UnitStore, withUnitStore } from '#testing/unit-queue.ts';
import { createWebhookEndpoint, deleteWebhookEndpoint } from '#domain/integrations/webhooks/store.ts';
import { raiseEvent } from './domain-events.ts';

let store: UnitStore;
withUnitStore((opened) => (store = opened));

const key = randomBytes(32);

/** Raises the event in a transaction, as the product does, and says which consumers got a job for it. */
async function queuedFor(event: Parameters<typeof raiseEvent>[1]): Promise<string[]> {
  const raised = await store.database.db.transaction((tx) => raiseEvent(store.jobs, event, { tx }));
  const queues = ['milestones', 'alerts', 'webhooks'] as const;
  const jobs = await Promise.all(queues.map((queue) => store.jobs.job(queue, raised.id)));
  return queues.filter((_, i) => jobs[i] !== null);
}

describe('raiseEvent', () => {
  it('gives a job only to the consumers with something to do in the workspace', async () => {
    const workspace = await unitWorkspace(store.database.db);
    const matched = { type: 'review.matched', workspaceId: workspace.id, data: { reviewId: 1, requestId: 2, teamId: 3, how: 'auto' } } as const;
    const created = { type: 'review.created', workspaceId: workspace.id, data: { reviewId: 1 } } as const;
    expect(await queuedFor(matched)).toEqual(['milestones']);
    expect(await queuedFor(created)).toEqual(['milestones']);

    const endpoint = await createWebhookEndpoint(store.database.db, workspace.id, { url: 'https://hooks.example.com/in', events: ['review.created'] }, key);
    expect(await queuedFor(created)).toEqual(['milestones', 'webhooks']);
    expect(await queuedFor(matched)).toEqual(['milestones']);

    await saveAlerts(store.database.db, workspace.id, key, { slackWebhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX', events: ['review.matched'] });
    expect(await queuedFor(matched)).toEqual(['milestones', 'alerts']);

    await deleteWebhookEndpoint(store.database.db, workspace.id, endpoint!.id);
    await saveAlerts(store.database.db, workspace.id, key, { events: [] });
    expect(await queuedFor(created)).toEqual(['milestones']);
    expect(await queuedFor(matched)).toEqual(['milestones']);
  });

  it("looks only at the event's own workspace", async () => {
    const other = await unitWorkspace(store.database.db);
    const workspace = await unitWorkspace(store.database.db);
    await createWebhookEndpoint(store.database.db, other.id, { url: 'https://hooks.example.com/other', events: ['review.created'] }, key);
    expect(await queuedFor({ type: 'review.created', workspaceId: workspace.id, data: { reviewId: 1 } })).toEqual(['milestones']);
  });
});

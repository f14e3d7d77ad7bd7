import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { reviews, teams } from '#platform/db/schema.ts';
import { putSetting } from '#domain/workspace/settings.ts';
import { registerWorkspace } from '#domain/workspace/workspaces.ts';
import { keyedRequests } from '#testing/unit-data.ts';
import { type UnitStore, withUnitStore } from '#testing/unit-queue.ts';
import { ingestReview } from './ingest.ts';

let database: Database;
let store: UnitStore;
withUnitStore((opened) => ({ store, database } = { store: opened, database: opened.database }));

const workspaceAt = async (slug: string) =>
  (await registerWorkspace(database.db, { slug, businessName: 'Acme', email: 'a@b.co', password: 'staff-pass', adminPassword: 'admin-pass' }, 'team'))!;

describe('ingestReview', () => {
  it('keeps a stored review stored and answered when its announcement to the wallboards fails', async () => {
    const workspace = await workspaceAt('ingest-unit');
    const written: string[] = [];
    const quiet = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
    const noNotify: Database = { ...database, notify: () => Promise.reject(new Error('NOTIFY is down')) };
    const review = {
      kind: 'action' as const,
      source: 'crm' as const,
      externalId: 'r-1',
      reviewerName: 'Sam',
      rating: 5,
      comment: null,
      createTime: new Date(),
    };
    const ingested = await ingestReview({ database: noNotify, jobs: store.jobs }, workspace, review);
    expect(ingested).toMatchObject({ created: true });
    expect(await database.db.select().from(reviews).where(eq(reviews.id, ingested!.id))).toHaveLength(1);
    expect(written.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ level: 'error', msg: `Could not announce review ${ingested!.id}` }),
    );
    quiet.mockRestore();
  });

  it("counts a review from the challenge's start, and tells whether its reviewer's name may be shown, from the workspace's settings", async () => {
    const workspace = await workspaceAt('ingest-settings');
    const review = (externalId: string, createTime: Date) => ({
      kind: 'action' as const,
      source: 'crm' as const,
      externalId,
      reviewerName: 'Sam Lee',
      rating: 5,
      comment: null,
      createTime,
    });
    expect(await ingestReview(store, workspace, review('before-settings', new Date()))).toMatchObject({ counted: true, showReviewerNames: true });
    await putSetting(database.db, workspace.id, 'challenge_start_date', '2099-01-01');
    await putSetting(database.db, workspace.id, 'show_reviewer_names', 'false');
    expect(await ingestReview(store, workspace, review('after-settings', new Date()))).toMatchObject({
      created: true,
      counted: false,
      showReviewerNames: false,
    });
  });

  it("queues one milestones check for a review stored already matched (review.matched's), and one for a review that counts for nobody", async () => {
    const workspace = await workspaceAt('ingest-milestones');
    const [team] = await database.db.insert(teams).values({ workspaceId: workspace.id, name: 'Front Desk', color: '#3B82F6' }).returning({ id: teams.id });
    await keyedRequests(database.db, workspace, [{ firstName: 'Priya', lastName: 'Raman', email: 'priya.raman@example.com' }], () => ({ teamId: team!.id }));
    const incoming = (externalId: string, reviewerName: string) => ({
      kind: 'action' as const,
      source: 'crm' as const,
      externalId,
      reviewerName,
      rating: 5,
      comment: null,
      createTime: new Date(),
    });
    const milestoneJobs = async (reviewId: number) =>
      (
        await database.transaction((tx) =>
          tx.query<{ type: string }>("SELECT data->>'type' AS type FROM pgboss.job WHERE name = 'milestones' AND (data->'data'->>'reviewId')::int = $1", [
            reviewId,
          ]),
        )
      ).map((row) => row.type);
    const matched = await ingestReview(store, workspace, incoming('m-1', 'Priya Raman'));
    expect(matched?.match?.status).toBe('auto_matched');
    expect(await milestoneJobs(matched!.id)).toEqual(['review.matched']);
    const nobody = await ingestReview(store, workspace, incoming('m-2', 'Someone Else Entirely'));
    expect(nobody?.match?.status).not.toBe('auto_matched');
    expect(await milestoneJobs(nobody!.id)).toEqual(['review.created']);
  });
});

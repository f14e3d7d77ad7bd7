import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#platform/db/database.ts';
import { reviewRequests, reviews, teams, workspaces } from '#platform/db/schema.ts';
import { loadActivity } from '#domain/game/activity.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';
import { unitRequest, unitWorkspace } from '#testing/unit-data.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { teamScores } from './scoring.ts';
import { KEPT_COUNTS_MAX, whileRequestsUnchanged } from './requests-version.ts';

// The wallboard's counts of requests are read once and used again until a request is written: a
// review arriving leaves them as they were, any write to a request (logged, opened, moved, deleted)
// makes the next read count again.

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await migratedMemoryDatabase();
  db = database.db;
});
afterAll(() => database.close());

const since = new Date('2026-01-01T00:00:00Z');
const challenge = { startDay: '2026-01-05', timeZone: 'Europe/London' };
const activity = (workspace: Workspace) => loadActivity(db, workspace.id, since, challenge);
const requestsOf = async (workspace: Workspace, teamId: number) => (await teamScores(db, workspace, since)).find((t) => t.id === teamId)!.requests;
const sum = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);
const opened = (rows: { opened: number }[]) => rows.reduce((n, r) => n + r.opened, 0);

async function team(workspace: Workspace, name: string): Promise<number> {
  const [row] = await db.insert(teams).values({ workspaceId: workspace.id, name }).returning({ id: teams.id });
  return row!.id;
}

describe("a workspace's counts of requests", () => {
  it('are used again while no request is written, a review arriving included', async () => {
    const workspace = await unitWorkspace(db);
    const front = await team(workspace, 'Front Desk');
    const id = await unitRequest(db, workspace, { staffEmail: 'tom@example.com', staffFirstName: 'Tom', teamId: front });
    const first = await activity(workspace);
    expect(sum(first.requests)).toBe(1);
    await db.insert(reviews).values({
      workspaceId: workspace.id,
      kind: 'action',
      source: 'test',
      externalId: 'r-1',
      reviewerName: 'Sarah Kim',
      rating: 5,
      createTime: new Date(),
      matchStatus: 'manual',
      requestId: id,
      teamId: front,
    });
    const again = await activity(workspace);
    // The very rows read before: not counted again.
    expect(again.requests).toBe(first.requests);
    expect(sum(again.reviews)).toBe(1);
  });

  it('count again after a request is logged, opened, moved to another team or deleted', async () => {
    const workspace = await unitWorkspace(db);
    const front = await team(workspace, 'Front Desk');
    const back = await team(workspace, 'Back Office');
    const id = await unitRequest(db, workspace, { staffEmail: 'tom@example.com', staffFirstName: 'Tom', teamId: front });
    expect(sum((await activity(workspace)).requests)).toBe(1);
    expect(await requestsOf(workspace, front)).toBe(1);

    await unitRequest(db, workspace, { staffEmail: 'tom@example.com', staffFirstName: 'Tom', teamId: front });
    expect(sum((await activity(workspace)).requests)).toBe(2);
    expect(await requestsOf(workspace, front)).toBe(2);

    await db.update(reviewRequests).set({ clickedAt: new Date() }).where(eq(reviewRequests.id, id));
    expect(opened((await activity(workspace)).requests)).toBe(1);

    await db.update(reviewRequests).set({ teamId: back }).where(eq(reviewRequests.id, id));
    expect(await requestsOf(workspace, front)).toBe(1);
    expect(await requestsOf(workspace, back)).toBe(1);

    await db.delete(reviewRequests).where(eq(reviewRequests.id, id));
    expect(sum((await activity(workspace)).requests)).toBe(1);
    expect(await requestsOf(workspace, back)).toBe(0);

    // A team deleted: its requests' team is cleared by the database itself, and counted so.
    await db.delete(teams).where(eq(teams.id, front));
    expect((await activity(workspace)).requests.map((r) => r.teamId)).toEqual([null]);
  });

  it("are not read again for another workspace's writes, and never answer another workspace's", async () => {
    const mine = await unitWorkspace(db);
    const theirs = await unitWorkspace(db);
    await unitRequest(db, mine, { staffEmail: 'tom@example.com', staffFirstName: 'Tom' });
    const first = await activity(mine);
    await unitRequest(db, theirs, { staffEmail: 'ann@example.com', staffFirstName: 'Ann' });
    await unitRequest(db, theirs, { staffEmail: 'ann@example.com', staffFirstName: 'Ann' });
    expect((await activity(mine)).requests).toBe(first.requests);
    expect(sum((await activity(theirs)).requests)).toBe(2);
  });

  it('are kept for the most recently used workspaces only', async () => {
    const rows = await db
      .insert(workspaces)
      .values(
        Array.from({ length: KEPT_COUNTS_MAX + 1 }, (_, i) => ({
          slug: `kept-${i}`,
          businessName: `Kept ${i}`,
          adminEmail: 'a@b.co',
          staffPasswordHash: 'x',
          adminPasswordHash: 'x',
        })),
      )
      .returning({ id: workspaces.id });
    const ids = rows.map((row) => row.id);
    const counted: number[] = [];
    const count = (id: number) => whileRequestsUnchanged(db, id, 'test', '', async () => (counted.push(id), { id }));
    const first = await count(ids[0]!);
    const second = await count(ids[1]!);
    // The first used again: now the most recent of the two.
    expect(await count(ids[0]!)).toBe(first);
    for (const id of ids.slice(2)) await count(id);
    counted.length = 0;
    expect(await count(ids[0]!)).toBe(first);
    expect(await count(ids[1]!)).not.toBe(second);
    expect(counted).toEqual([ids[1]]);
  });
});

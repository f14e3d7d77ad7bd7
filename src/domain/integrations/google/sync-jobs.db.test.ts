import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { googleConnections, settings, workspaces } from '#platform/db/schema.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';
import { ACCOUNT_ID_KEY, REFRESH_TOKEN_KEY } from './connection.ts';
import { scheduledSyncsDue } from './sync-jobs.ts';

// Issue 30: while Google's notifications arrive, the scheduled sync is the safety net and runs hourly;
// while push is off or silent, at every tick (every 15 minutes) as before. A test clock walks the ticks.

const TOPIC = 'projects/review-challenge-test/topics/gbp-reviews';
const TICK_SECONDS = 15 * 60;
const MINUTE = 60_000;
const start = new Date('2026-11-29T10:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

let database: Database;
const ids: Record<'registered' | 'recentPush' | 'silentPush' | 'never' | 'otherTopic', number> = {
  registered: 0,
  recentPush: 0,
  silentPush: 0,
  never: 0,
  otherTopic: 0,
};

async function connected(slug: string, connection: Partial<typeof googleConnections.$inferInsert>): Promise<number> {
  const [row] = await database.db
    .insert(workspaces)
    .values({ slug, businessName: slug, adminEmail: `${slug}@example.com`, staffPasswordHash: 'x', adminPasswordHash: 'x' })
    .returning({ id: workspaces.id });
  const workspaceId = row!.id;
  await database.db.insert(settings).values([
    { workspaceId, key: REFRESH_TOKEN_KEY, value: 'sealed-token' },
    { workspaceId, key: ACCOUNT_ID_KEY, value: '112233445566778899' },
  ]);
  await database.db.insert(googleConnections).values({ workspaceId, lastSyncAt: start, lastSyncOutcome: 'success', ...connection });
  return workspaceId;
}

beforeAll(async () => {
  database = await migratedMemoryDatabase();
  const registration = { pushTopic: TOPIC, pushAccountId: '112233445566778899', pushRegisteredAt: at(-600) };
  ids.registered = await connected('registered', registration);
  ids.recentPush = await connected('recent-push', { lastPushAt: at(-300) });
  ids.silentPush = await connected('silent-push', { lastPushAt: at(-25 * 60) });
  ids.never = await connected('never-pushed', {});
  ids.otherTopic = await connected('other-topic', { ...registration, pushTopic: 'projects/review-challenge-test/topics/old' });
});
afterAll(() => database.close());

/** The workspaces each tick from `from` to `to` minutes syncs, by name. */
async function ticks(from: number, to: number): Promise<Map<number, string[]>> {
  const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  const seen = new Map<number, string[]>();
  for (let minute = from; minute <= to; minute += 15) {
    const due = await scheduledSyncsDue(database.db, TOPIC, TICK_SECONDS, at(minute));
    seen.set(minute, due.map((id) => names[id]!).sort());
  }
  return seen;
}

describe('the scheduled Google sync follows push health', () => {
  it('syncs a workspace whose push is registered or recently heard once an hour, the others at every tick', async () => {
    const seen = await ticks(15, 60);
    const everyTick = ['never', 'otherTopic', 'silentPush'];
    expect(seen.get(15)).toEqual(everyTick);
    expect(seen.get(30)).toEqual(everyTick);
    expect(seen.get(45)).toEqual(everyTick);
    // An hour after the last sync, the healthy ones are due too.
    expect(seen.get(60)).toEqual([...everyTick, 'recentPush', 'registered'].sort());
  });

  it('counts a sync brought by a push as the hour’s look', async () => {
    await database.db
      .update(googleConnections)
      .set({ lastSyncAt: at(50) })
      .where(inArrayOf([ids.registered]));
    const seen = await ticks(60, 105);
    for (const minute of [60, 75, 90]) expect(seen.get(minute)).not.toContain('registered');
    expect(seen.get(105)).toContain('registered');
  });

  it('goes back to every tick once Google has been silent for a day', async () => {
    // Last heard 5 hours before the start, so healthy until 19 hours after it.
    await database.db
      .update(googleConnections)
      .set({ lastSyncAt: at(18 * 60) })
      .where(inArrayOf([ids.recentPush]));
    expect(await scheduledSyncsDue(database.db, TOPIC, TICK_SECONDS, at(18 * 60 + 15))).not.toContain(ids.recentPush);
    await database.db
      .update(googleConnections)
      .set({ lastSyncAt: at(20 * 60 - 15) })
      .where(inArrayOf([ids.recentPush]));
    expect(await scheduledSyncsDue(database.db, TOPIC, TICK_SECONDS, at(20 * 60))).toContain(ids.recentPush);
  });

  it('syncs at every tick on a server without a topic, registered or not', async () => {
    await database.db.update(googleConnections).set({ lastSyncAt: at(0) });
    expect(await scheduledSyncsDue(database.db, undefined, TICK_SECONDS, at(15))).toEqual(
      expect.arrayContaining([ids.registered, ids.never, ids.otherTopic, ids.silentPush]),
    );
  });
});

function inArrayOf(workspaceIds: number[]) {
  return inArray(googleConnections.workspaceId, workspaceIds);
}

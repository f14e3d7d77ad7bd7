import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { startJobQueue } from '#platform/jobs/queue.ts';
import { reviews } from '#platform/db/schema.ts';
import type { MatchStatus } from '#shared/statuses.ts';
import { deskCardLink, rotateDeskCard } from '#domain/game/staff/desk-cards.ts';
import { listStaff, mergeStaff, updateStaff } from '#domain/game/staff/manage.ts';
import { staffIdFor } from '#domain/game/staff/people.ts';
import { continueDeskCardVisit, recordDeskCardScan } from './desk-card-visit.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { personFunnel } from './funnel.ts';
import { unitRequest, unitWorkspace } from '#testing/unit-data.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

let database: Database;

const workspace = (): Promise<Workspace> => unitWorkspace(database.db);

const request = (ws: Workspace, email: string, firstName: string, opened = false) =>
  unitRequest(database.db, ws, { staffEmail: email, staffFirstName: firstName, clickedAt: opened ? new Date() : null });

let externalId = 0;
async function review(ws: Workspace, requestId: number, status: MatchStatus) {
  externalId += 1;
  await database.db.insert(reviews).values({
    workspaceId: ws.id,
    kind: 'google',
    source: 'google',
    externalId: `funnel-${externalId}`,
    rating: 5,
    createTime: new Date(),
    requestId,
    matchStatus: status,
  });
}

beforeAll(async () => {
  database = await migratedMemoryDatabase();
});
afterAll(() => database.close());

describe('personFunnel', () => {
  it('counts per person the requests sent, the links opened and the requests with a matched review', async () => {
    const ws = await workspace();
    const ann = [await request(ws, 'ann@x.example', 'Ann', true), await request(ws, 'ann@x.example', 'Ann', true), await request(ws, 'ann@x.example', 'Ann')];
    const bob = [await request(ws, 'bob@x.example', 'Bob', true), await request(ws, 'bob@x.example', 'Bob')];
    await request(ws, 'zed@x.example', 'zed');
    await review(ws, ann[0]!, 'auto_matched');
    await review(ws, ann[1]!, 'self_confirmed');
    // Two reviews on one request count once; suggestions and unmatched reviews not at all.
    await review(ws, ann[1]!, 'manual');
    await review(ws, ann[2]!, 'needs_review');
    await review(ws, bob[0]!, 'unmatched');
    await review(ws, bob[1]!, 'manual');

    const [annId, bobId, zedId] = (await listStaff(database.db, ws.id)).map((p) => p.id);
    expect(await personFunnel(database.db, ws.id)).toEqual([
      { staffId: annId, firstName: 'Ann', sent: 3, opened: 2, reviewed: 2, deskCardOpens: 0 },
      { staffId: bobId, firstName: 'Bob', sent: 2, opened: 1, reviewed: 1, deskCardOpens: 0 },
      { staffId: zedId, firstName: 'zed', sent: 1, opened: 0, reviewed: 0, deskCardOpens: 0 },
    ]);
  });

  it('follows a merge: the survivor has every request of both entries', async () => {
    const ws = await workspace();
    const first = await request(ws, 'ann@x.example', 'Ann', true);
    await request(ws, 'ann.smith@x.example', 'Annie', true);
    await review(ws, first, 'auto_matched');
    const people = await listStaff(database.db, ws.id);
    const ann = people.find((p) => p.email === 'ann@x.example')!.id;
    await mergeStaff(database, ws.id, people.find((p) => p.email === 'ann.smith@x.example')!.id, ann);
    expect(await personFunnel(database.db, ws.id)).toEqual([{ staffId: ann, firstName: 'Ann', sent: 2, opened: 2, reviewed: 1, deskCardOpens: 0 }]);
  });

  it('follows a merge with the desk-card opens too', async () => {
    const ws = await workspace();
    await request(ws, 'ann@x.example', 'Ann');
    const annie = await staffIdFor(database.db, ws.id, 'ann.smith@x.example', 'Annie');
    await recordDeskCardScan(database, (await deskCardLink(database, ws.id, annie, 'https://rc.example'))!.url.split('/q/')[1]!);
    const ann = (await listStaff(database.db, ws.id)).find((p) => p.email === 'ann@x.example')!.id;
    await mergeStaff(database, ws.id, annie, ann);
    expect(await personFunnel(database.db, ws.id)).toEqual([{ staffId: ann, firstName: 'Ann', sent: 1, opened: 1, reviewed: 0, deskCardOpens: 1 }]);
  });

  it("counts a desk-card scan that became no request as an open of the card's person, not one made on a card that credited nobody", async () => {
    const ws = await workspace();
    await request(ws, 'ann@x.example', 'Ann', true);
    const [ann] = await listStaff(database.db, ws.id);
    const { url } = (await deskCardLink(database, ws.id, ann!.id, 'https://rc.example'))!;
    const token = url.split('/q/')[1]!;
    // Two nameless scans; a third goes on with a name and becomes a request (counted as one).
    await recordDeskCardScan(database, token);
    await recordDeskCardScan(database, token);
    const named = await recordDeskCardScan(database, token);
    if (!named.ok) throw new Error(named.problem);
    const jobs = await startJobQueue(database);
    const visit = await continueDeskCardVisit({ database, jobs }, token, named.scanId, 'Cleo');
    await jobs.stop(1000);
    expect(visit.ok).toBe(true);
    // A person with scans and no request of their own still has a row.
    const bob = await staffIdFor(database.db, ws.id, 'bob@x.example', 'Bob');
    const bobCard = (await deskCardLink(database, ws.id, bob, 'https://rc.example'))!.url.split('/q/')[1]!;
    await recordDeskCardScan(database, bobCard);
    // Scans after the card was rotated credit nobody, and neither do a deactivated person's.
    const newCard = (await rotateDeskCard(database, ws.id, bob, 'https://rc.example'))!.url.split('/q/')[1]!;
    await recordDeskCardScan(database, bobCard);
    await updateStaff(database, ws.id, bob, { active: false });
    await recordDeskCardScan(database, newCard);

    expect(await personFunnel(database.db, ws.id)).toEqual([
      { staffId: ann!.id, firstName: 'Ann', sent: 2, opened: 4, reviewed: 0, deskCardOpens: 2 },
      { staffId: bob, firstName: 'Bob', sent: 0, opened: 1, reviewed: 0, deskCardOpens: 1 },
    ]);
  });

  it("never counts another workspace's requests", async () => {
    const mine = await workspace();
    const theirs = await workspace();
    await review(theirs, await request(theirs, 'ann@x.example', 'Ann', true), 'manual');
    expect(await personFunnel(database.db, mine.id)).toEqual([]);
    expect(await personFunnel(database.db, theirs.id)).toMatchObject([{ sent: 1, opened: 1, reviewed: 1 }]);
  });
});

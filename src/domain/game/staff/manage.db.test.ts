import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { reviewRequests, staff } from '#platform/db/schema.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { getStaff, listStaff, mergeStaff, updateStaff } from './manage.ts';
import { unitRequest, unitWorkspace } from '#testing/unit-data.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

let database: Database;

const workspace = (): Promise<Workspace> => unitWorkspace(database.db);

/** A request logged by the person of this staff email (created on their first one). */
const request = (ws: Workspace, email: string, firstName: string) => unitRequest(database.db, ws, { staffEmail: email, staffFirstName: firstName });

const staffIdOf = async (requestId: number) =>
  (await database.db.select({ staffId: reviewRequests.staffId }).from(reviewRequests).where(eq(reviewRequests.id, requestId)))[0]!.staffId;

const idByEmail = async (ws: Workspace, email: string) => (await listStaff(database.db, ws.id)).find((p) => p.email === email)!.id;

beforeAll(async () => {
  database = await migratedMemoryDatabase();
});
afterAll(() => database.close());

describe('listStaff and getStaff', () => {
  it('lists each person once per email (any case), by first name, with their request counts', async () => {
    const ws = await workspace();
    await request(ws, 'zoe@acme.example', 'Zoe');
    await request(ws, 'Ann@Acme.example', 'Ann');
    await request(ws, ' ann@acme.example ', 'Annie');
    await request(ws, 'bob@acme.example', 'bob');
    expect(await listStaff(database.db, ws.id)).toEqual([
      { id: expect.any(Number), firstName: 'Ann', email: 'ann@acme.example', active: true, requests: 2, createdAt: expect.any(String) },
      { id: expect.any(Number), firstName: 'bob', email: 'bob@acme.example', active: true, requests: 1, createdAt: expect.any(String) },
      { id: expect.any(Number), firstName: 'Zoe', email: 'zoe@acme.example', active: true, requests: 1, createdAt: expect.any(String) },
    ]);
  });

  it("never shows another workspace's people", async () => {
    const mine = await workspace();
    const theirs = await workspace();
    await request(theirs, 'ann@acme.example', 'Ann');
    const theirId = await idByEmail(theirs, 'ann@acme.example');
    expect(await listStaff(database.db, mine.id)).toEqual([]);
    expect(await getStaff(database.db, mine.id, theirId)).toBeNull();
    expect(await getStaff(database.db, theirs.id, theirId)).toMatchObject({ firstName: 'Ann', requests: 1 });
    expect(await getStaff(database.db, mine.id, 0)).toBeNull();
  });
});

describe('updateStaff', () => {
  it('renames a person and deactivates and reactivates them, keeping their requests', async () => {
    const ws = await workspace();
    const first = await request(ws, 'ann@acme.example', 'annie');
    const id = await idByEmail(ws, 'ann@acme.example');
    expect(await updateStaff(database, ws.id, id, { firstName: 'Ann' })).toMatchObject({
      ok: true,
      staff: { id, firstName: 'Ann', active: true, requests: 1 },
    });
    expect(await updateStaff(database, ws.id, id, { active: false })).toMatchObject({
      ok: true,
      staff: { id, firstName: 'Ann', active: false, requests: 1 },
    });
    // A leaver's history stays theirs, and a request logged later with their email is still theirs.
    expect(await staffIdOf(first)).toBe(id);
    expect(await staffIdOf(await request(ws, 'ann@acme.example', 'Ann'))).toBe(id);
    expect(await updateStaff(database, ws.id, id, { active: true })).toMatchObject({ ok: true, staff: { active: true, requests: 2 } });
  });

  it("refuses another workspace's person and leaves them as they were", async () => {
    const mine = await workspace();
    const theirs = await workspace();
    await request(theirs, 'ann@acme.example', 'Ann');
    const theirId = await idByEmail(theirs, 'ann@acme.example');
    expect(await updateStaff(database, mine.id, theirId, { firstName: 'Mallory', active: false })).toEqual({ ok: false, problem: 'not_found' });
    expect(await getStaff(database.db, theirs.id, theirId)).toMatchObject({ firstName: 'Ann', active: true });
  });
});

describe('mergeStaff', () => {
  it('moves every request to the survivor, hides the merged entry and sends its email to the survivor', async () => {
    const ws = await workspace();
    const a1 = await request(ws, 'ann@acme.example', 'Ann');
    const b1 = await request(ws, 'ann.smith@acme.example', 'Annie');
    const b2 = await request(ws, 'ann.smith@acme.example', 'Annie');
    const ann = await idByEmail(ws, 'ann@acme.example');
    const annie = await idByEmail(ws, 'ann.smith@acme.example');

    expect(await mergeStaff(database, ws.id, annie, ann)).toEqual({
      ok: true,
      staff: { id: ann, firstName: 'Ann', email: 'ann@acme.example', active: true, requests: 3, createdAt: expect.any(String) },
    });
    expect([await staffIdOf(a1), await staffIdOf(b1), await staffIdOf(b2)]).toEqual([ann, ann, ann]);
    expect((await listStaff(database.db, ws.id)).map((p) => p.id)).toEqual([ann]);
    expect(await getStaff(database.db, ws.id, annie)).toBeNull();
    const [merged] = await database.db.select().from(staff).where(eq(staff.id, annie));
    expect(merged).toMatchObject({ mergedIntoId: ann, active: false, email: 'ann.smith@acme.example' });
    expect(await staffIdOf(await request(ws, 'ANN.SMITH@acme.example', 'Annie'))).toBe(ann);
  });

  it('repoints entries merged into the merged one, so every chain stays one step long', async () => {
    const ws = await workspace();
    await request(ws, 'a@acme.example', 'Ann');
    await request(ws, 'b@acme.example', 'Ann');
    await request(ws, 'c@acme.example', 'Ann');
    const [a, b, c] = [await idByEmail(ws, 'a@acme.example'), await idByEmail(ws, 'b@acme.example'), await idByEmail(ws, 'c@acme.example')];
    expect((await mergeStaff(database, ws.id, c, b)).ok).toBe(true);
    expect(await mergeStaff(database, ws.id, b, a)).toMatchObject({ ok: true, staff: { id: a, requests: 3 } });
    const pointers = await database.db.select({ id: staff.id, mergedIntoId: staff.mergedIntoId }).from(staff).where(eq(staff.workspaceId, ws.id));
    expect(new Map(pointers.map((p) => [p.id, p.mergedIntoId]))).toEqual(
      new Map([
        [a, null],
        [b, a],
        [c, a],
      ]),
    );
    expect(await staffIdOf(await request(ws, 'c@acme.example', 'Ann'))).toBe(a);
  });

  it('refuses a merge into itself, into a merged entry, or across workspaces, and changes nothing', async () => {
    const mine = await workspace();
    const theirs = await workspace();
    await request(mine, 'ann@acme.example', 'Ann');
    await request(mine, 'annie@acme.example', 'Annie');
    await request(mine, 'old@acme.example', 'Ann');
    await request(theirs, 'ann@acme.example', 'Ann');
    const ann = await idByEmail(mine, 'ann@acme.example');
    const annie = await idByEmail(mine, 'annie@acme.example');
    const old = await idByEmail(mine, 'old@acme.example');
    const theirAnn = await idByEmail(theirs, 'ann@acme.example');
    expect((await mergeStaff(database, mine.id, old, ann)).ok).toBe(true);

    expect(await mergeStaff(database, mine.id, ann, ann)).toEqual({ ok: false, problem: 'merge_into_self' });
    expect(await mergeStaff(database, mine.id, annie, old)).toEqual({ ok: false, problem: 'merge_into_missing' });
    expect(await mergeStaff(database, mine.id, old, annie)).toEqual({ ok: false, problem: 'not_found' });
    expect(await mergeStaff(database, mine.id, annie, theirAnn)).toEqual({ ok: false, problem: 'merge_into_missing' });
    expect(await mergeStaff(database, mine.id, theirAnn, annie)).toEqual({ ok: false, problem: 'not_found' });
    expect(await mergeStaff(database, theirs.id, theirAnn, ann)).toEqual({ ok: false, problem: 'merge_into_missing' });

    expect((await listStaff(database.db, mine.id)).map((p) => [p.firstName, p.requests, p.active])).toEqual([
      ['Ann', 2, true],
      ['Annie', 1, true],
    ]);
    expect(await listStaff(database.db, theirs.id)).toMatchObject([{ id: theirAnn, requests: 1, active: true }]);
  });
});

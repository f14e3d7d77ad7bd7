import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { emailOutbox, privateFeedback, reviewRequests, reviews } from '#platform/db/schema.ts';
import type { MatchStatus } from '#shared/statuses.ts';
import { createTeam } from '#domain/game/teams.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { deleteRequest, getAdminRequest, listAdminRequests, listReportRows, updateRequest } from './queries.ts';
import { staffIdFor } from '#domain/game/staff/people.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

let database: Database;

const workspace = (): Promise<Workspace> => unitWorkspace(database.db);

async function team(ws: Workspace, name: string, color = '#3B82F6') {
  const result = await createTeam(database, ws, { name, color: color as '#3B82F6' });
  if (!result.ok) throw new Error(result.problem);
  return result.team;
}

async function request(ws: Workspace, values: { teamId?: number | null; first?: string; last?: string; at?: string; staff?: string } = {}) {
  const [row] = await database.db
    .insert(reviewRequests)
    .values({
      workspaceId: ws.id,
      staffId: await staffIdFor(database.db, ws.id, 'ann@acme.example', values.staff ?? 'Ann'),
      teamId: values.teamId ?? null,
      staffFirstName: values.staff ?? 'Ann',
      staffEmail: 'ann@acme.example',
      customerFirstName: values.first ?? 'Sarah',
      customerLastName: values.last ?? 'Kim',
      customerEmail: 'sarah@example.com',
      createdAt: values.at ? new Date(values.at) : undefined,
    })
    .returning({ id: reviewRequests.id });
  return row!.id;
}

let externalId = 0;
async function review(
  ws: Workspace,
  values: { requestId?: number | null; status?: MatchStatus; confidence?: number | null; name?: string | null; rating?: number; teamId?: number | null },
) {
  externalId += 1;
  const [row] = await database.db
    .insert(reviews)
    .values({
      workspaceId: ws.id,
      kind: 'google',
      source: 'google',
      externalId: `unit-${externalId}`,
      reviewerName: values.name === undefined ? 'Sarah K.' : values.name,
      rating: values.rating ?? 5,
      createTime: new Date(),
      requestId: values.requestId ?? null,
      teamId: values.teamId ?? null,
      matchStatus: values.status ?? 'unmatched',
      matchConfidence: values.confidence ?? null,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

beforeAll(async () => {
  database = await migratedMemoryDatabase();
});
afterAll(() => database.close());

describe('listReportRows and listAdminRequests', () => {
  it('gives the spec shapes, newest first, with the linked review', async () => {
    const ws = await workspace();
    const audit = await team(ws, 'Audit', '#10B981');
    const older = await request(ws, { teamId: audit.id, at: '2026-03-01T00:00:00Z', first: 'Old', last: 'One' });
    const newer = await request(ws, { teamId: null, at: '2026-03-02T00:00:00Z', staff: 'Ben' });
    const reviewId = await review(ws, { requestId: older, status: 'auto_matched', confidence: 87, name: 'Olly O.', rating: 4, teamId: audit.id });

    expect(await listReportRows(database.db, ws)).toEqual([
      {
        id: newer,
        customerName: 'Sarah Kim',
        staffFirstName: 'Ben',
        requestedAt: '2026-03-02T00:00:00.000Z',
        matchStatus: 'none',
        matchConfidence: null,
        team: null,
        channel: 'email',
        smsStatus: null,
      },
      {
        id: older,
        customerName: 'Old One',
        staffFirstName: 'Ann',
        requestedAt: '2026-03-01T00:00:00.000Z',
        matchStatus: 'auto_matched',
        matchConfidence: 87,
        reviewerName: 'Olly O.',
        rating: 4,
        team: { id: audit.id, name: 'Audit', color: '#10B981' },
        channel: 'email',
        smsStatus: null,
      },
    ]);
    expect((await listAdminRequests(database.db, ws))[1]).toEqual({
      campaignId: older,
      inviteId: older,
      firstName: 'Old',
      lastName: 'One',
      customerName: 'Old One',
      customerEmail: 'sarah@example.com',
      staffFirstName: 'Ann',
      teamId: audit.id,
      teamName: 'Audit',
      createdAt: '2026-03-01T00:00:00.000Z',
      matchStatus: 'auto_matched',
      matchConfidence: 87,
      matchedReviewId: reviewId,
      rating: 4,
      reviewerName: 'Olly O.',
      channel: 'email',
      phone: null,
      smsStatus: null,
    });
  });

  it('reads each status from the review, and an "unmatched" review naming the request as none', async () => {
    const ws = await workspace();
    const statuses: MatchStatus[] = ['auto_matched', 'self_confirmed', 'manual', 'needs_review', 'unmatched'];
    const ids: number[] = [];
    for (const status of statuses) {
      const id = await request(ws);
      ids.push(id);
      await review(ws, { requestId: id, status, confidence: status === 'auto_matched' ? 90 : null });
    }
    const byId = new Map((await listReportRows(database.db, ws)).map((r) => [r.id, r]));
    expect(ids.map((id) => byId.get(id)!.matchStatus)).toEqual(['auto_matched', 'self_confirmed', 'manual', 'needs_review', 'none']);
    expect(byId.get(ids[4]!)).not.toHaveProperty('rating');
  });

  it('prefers an accepted match over a suggestion when two reviews name one request', async () => {
    const ws = await workspace();
    const id = await request(ws);
    await review(ws, { requestId: id, status: 'needs_review', confidence: 95, name: 'Suggested' });
    const accepted = await review(ws, { requestId: id, status: 'manual', name: 'Accepted' });
    const [item] = await listAdminRequests(database.db, ws);
    expect(item).toMatchObject({ matchStatus: 'manual', matchedReviewId: accepted, reviewerName: 'Accepted' });
  });

  it('omits reviewerName for an anonymous review but keeps its rating', async () => {
    const ws = await workspace();
    const id = await request(ws);
    await review(ws, { requestId: id, status: 'self_confirmed', name: null, rating: 3 });
    const [row] = await listReportRows(database.db, ws);
    expect(row).not.toHaveProperty('reviewerName');
    expect(row!.rating).toBe(3);
  });

  it("never shows another workspace's requests", async () => {
    const mine = await workspace();
    const theirs = await workspace();
    await request(theirs);
    expect(await listReportRows(database.db, mine)).toEqual([]);
    expect(await listAdminRequests(database.db, mine)).toEqual([]);
  });
});

describe('updateRequest', () => {
  const changes = (teamId: number) => ({ firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', staffFirstName: 'Cat', teamId });

  it('edits the request and moves its matched review to the new team', async () => {
    const ws = await workspace();
    const audit = await team(ws, 'Audit');
    const ops = await team(ws, 'Ops');
    const id = await request(ws, { teamId: audit.id });
    const reviewId = await review(ws, { requestId: id, status: 'auto_matched', confidence: 80, teamId: audit.id });
    const result = await updateRequest(database, ws, id, changes(ops.id));
    expect(result).toMatchObject({
      ok: true,
      request: {
        campaignId: id,
        firstName: 'Sam',
        lastName: 'Lee',
        customerName: 'Sam Lee',
        customerEmail: 'sam@example.com',
        staffFirstName: 'Cat',
        teamId: ops.id,
        teamName: 'Ops',
        matchStatus: 'auto_matched',
      },
    });
    const [moved] = await database.db.select({ teamId: reviews.teamId }).from(reviews).where(eq(reviews.id, reviewId));
    expect(moved!.teamId).toBe(ops.id);
  });

  it("refuses another workspace's request or team", async () => {
    const mine = await workspace();
    const theirs = await workspace();
    const myTeam = await team(mine, 'Audit');
    const theirTeam = await team(theirs, 'Audit');
    const theirRequest = await request(theirs, { teamId: theirTeam.id });
    const myRequest = await request(mine, { teamId: myTeam.id });
    expect(await updateRequest(database, mine, theirRequest, changes(myTeam.id))).toEqual({ ok: false, problem: 'not_found' });
    expect(await updateRequest(database, mine, myRequest, changes(theirTeam.id))).toEqual({ ok: false, problem: 'team_not_found' });
    expect(await updateRequest(database, mine, 0, changes(myTeam.id))).toEqual({ ok: false, problem: 'not_found' });
    expect(await getAdminRequest(database.db, mine, theirRequest)).toBeNull();
    expect((await getAdminRequest(database.db, theirs, theirRequest))!.firstName).toBe('Sarah');
  });
});

describe('deleteRequest', () => {
  it('deletes the request with its outbox and feedback, and unmatches its review', async () => {
    const ws = await workspace();
    const audit = await team(ws, 'Audit');
    const id = await request(ws, { teamId: audit.id });
    const keep = await request(ws, { teamId: audit.id });
    const reviewId = await review(ws, { requestId: id, status: 'manual', confidence: 100, teamId: audit.id });
    await database.db
      .insert(emailOutbox)
      .values({ workspaceId: ws.id, requestId: id, toAddress: 'a@b.co', fromName: 'Acme', subject: 's', html: 'h', text: 't', status: 'sent' });
    await database.db.insert(privateFeedback).values({ workspaceId: ws.id, requestId: id, message: 'Thanks' });

    expect(await deleteRequest(database, ws, id)).toEqual({ ok: true, unmatchedReviews: 1 });
    expect((await listReportRows(database.db, ws)).map((r) => r.id)).toEqual([keep]);
    const [kept] = await database.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(kept).toMatchObject({ requestId: null, matchStatus: 'unmatched', matchConfidence: null, teamId: null });
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.workspaceId, ws.id))).toEqual([]);
    expect(await database.db.select().from(privateFeedback).where(eq(privateFeedback.workspaceId, ws.id))).toEqual([]);
    expect(await deleteRequest(database, ws, id)).toEqual({ ok: false, problem: 'not_found' });
  });

  it("refuses another workspace's request and leaves it", async () => {
    const mine = await workspace();
    const theirs = await workspace();
    const theirRequest = await request(theirs);
    expect(await deleteRequest(database, mine, theirRequest)).toEqual({ ok: false, problem: 'not_found' });
    expect(await listReportRows(database.db, theirs)).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { type UnitStore, withUnitStore } from '#testing/unit-queue.ts';
import { describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { reviewRequests, reviews, settings } from '#platform/db/schema.ts';
import type { MatchStatus } from '#shared/statuses.ts';
import { LIVE_CHANNEL } from '#platform/live/publish.ts';
import { createTeam, deleteTeam } from '#domain/game/teams.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { assignReviewToInvite, assignReviewToTeam } from './assign.ts';
import { findUnknownTeam, getTeamVisibleReview, listTeamReviews, listUnmatchedInvites, listUnmatchedReviews } from './queries.ts';
import { noticeWithoutId } from '../../../tests/helpers/notices.ts';
import { staffIdFor } from '#domain/game/staff/people.ts';
import { unitWorkspace } from '#testing/unit-data.ts';

let database: Database;
let store: UnitStore;
const HOUR = 3600_000;

const workspace = (): Promise<Workspace> => unitWorkspace(database.db);

async function team(ws: Workspace, name: string, color = '#3B82F6') {
  const result = await createTeam(database, ws, { name, color: color as '#3B82F6' });
  if (!result.ok) throw new Error(result.problem);
  return result.team;
}

async function request(ws: Workspace, values: { teamId?: number | null; first?: string; last?: string; at?: Date } = {}) {
  const [row] = await database.db
    .insert(reviewRequests)
    .values({
      workspaceId: ws.id,
      staffId: await staffIdFor(database.db, ws.id, 'ann@acme.example', 'Ann'),
      teamId: values.teamId ?? null,
      staffFirstName: 'Ann',
      staffEmail: 'ann@acme.example',
      customerFirstName: values.first ?? 'Sarah',
      customerLastName: values.last ?? 'Kim',
      customerEmail: 'sarah@example.com',
      createdAt: values.at,
    })
    .returning({ id: reviewRequests.id });
  return row!.id;
}

let externalId = 0;
async function review(
  ws: Workspace,
  values: {
    kind?: 'google' | 'action';
    status?: MatchStatus;
    requestId?: number | null;
    teamId?: number | null;
    confidence?: number | null;
    name?: string | null;
    at?: Date;
    confirmedAt?: Date | null;
    url?: string | null;
  } = {},
) {
  externalId += 1;
  const kind = values.kind ?? 'google';
  const [row] = await database.db
    .insert(reviews)
    .values({
      workspaceId: ws.id,
      kind,
      source: kind === 'google' ? 'google' : 'crm',
      externalId: `unit-${externalId}`,
      reviewerName: values.name === undefined ? 'Sarah K.' : values.name,
      rating: 5,
      comment: 'Lovely',
      createTime: values.at ?? new Date(),
      reviewUrl: values.url ?? null,
      requestId: values.requestId ?? null,
      teamId: values.teamId ?? null,
      matchStatus: values.status ?? 'unmatched',
      matchConfidence: values.confidence ?? null,
      matchEvidence: values.confidence ? { name: { first: 'exact' } } : null,
      confirmedAt: values.confirmedAt ?? null,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

const stored = async (id: number) => (await database.db.select().from(reviews).where(eq(reviews.id, id)))[0]!;

withUnitStore((opened) => ({ store, database } = { store: opened, database: opened.database }));

describe('listTeamReviews', () => {
  it('lists matched reviews in the team-visible shape, newest first, with the inviteId rule', async () => {
    const ws = await workspace();
    const desk = await team(ws, 'Front Desk', '#F59E0B');
    const req = await request(ws, { teamId: desk.id });
    const now = Date.now();
    const action = await review(ws, {
      kind: 'action',
      status: 'auto_matched',
      requestId: req,
      teamId: desk.id,
      confidence: 91,
      confirmedAt: new Date(now - HOUR),
    });
    const google = await review(ws, { status: 'manual', teamId: desk.id, name: null, url: 'https://g.co/r/1', confirmedAt: new Date(now - 10_000) });
    await review(ws, { status: 'unmatched' });
    await review(ws, { status: 'needs_review', requestId: req, confidence: 55 });

    const listed = await listTeamReviews(database.db, ws);
    expect(listed.map((r) => r.id)).toEqual([google, action]);
    expect(listed[0]).toEqual({
      id: google,
      reviewerName: null,
      rating: 5,
      reviewText: 'Lovely',
      confirmedAt: new Date(now - 10_000).toISOString(),
      reviewUrl: 'https://g.co/r/1',
      inviteId: 0,
      team: { id: desk.id, name: 'Front Desk', color: '#F59E0B' },
      kind: 'google',
      source: 'google',
      matchStatus: 'manual',
      createTime: expect.any(String),
      // What the reviews page's reply box needs (issue 30): no reply yet, and no request behind it.
      ownerReply: null,
      ownerReplyTime: null,
      staffFirstName: null,
    });
    expect(listed[1]).toMatchObject({ inviteId: req, kind: 'action', source: 'crm', matchStatus: 'auto_matched' });
  });

  it('filters by the team a review counts for; a matched review whose team was deleted counts for Unknown', async () => {
    const ws = await workspace();
    const [desk, audit] = [await team(ws, 'Front Desk'), await team(ws, 'Audit')];
    const unknown = (await findUnknownTeam(database.db, ws.id))!;
    const deskReview = await review(ws, { status: 'manual', teamId: desk.id });
    const auditReview = await review(ws, { status: 'self_confirmed', teamId: audit.id });
    await deleteTeam(database, ws.id, audit.id);

    expect((await listTeamReviews(database.db, ws, desk.id)).map((r) => r.id)).toEqual([deskReview]);
    const orphans = await listTeamReviews(database.db, ws, unknown.id);
    expect(orphans.map((r) => r.id)).toEqual([auditReview]);
    expect(orphans[0]!.team).toEqual({ id: unknown.id, name: 'Unknown', color: unknown.color });
    expect(await listTeamReviews(database.db, ws, 999_999)).toEqual([]);
  });

  it('keeps to the challenge window and to the workspace', async () => {
    const ws = await workspace();
    const other = await workspace();
    const desk = await team(ws, 'Front Desk');
    await database.db.insert(settings).values({ workspaceId: ws.id, key: 'challenge_start_date', value: '2099-01-01' });
    await review(ws, { status: 'manual', teamId: desk.id });
    await review(other, { status: 'manual' });
    expect(await listTeamReviews(database.db, ws)).toEqual([]);
    expect(await listUnmatchedReviews(database.db, ws)).toEqual([]);
    expect(await listTeamReviews(database.db, other)).toHaveLength(1);
  });
});

describe('listUnmatchedReviews and listUnmatchedInvites', () => {
  it('lists the waiting reviews with their suggestion while the suggested request is open', async () => {
    const ws = await workspace();
    // Reviews written before the workspace was: the window must reach back to them.
    await database.db.insert(settings).values({ workspaceId: ws.id, key: 'challenge_start_date', value: '2020-01-01' });
    const desk = await team(ws, 'Front Desk');
    const unknown = (await findUnknownTeam(database.db, ws.id))!;
    const open = await request(ws, { teamId: desk.id });
    const taken = await request(ws, { teamId: desk.id });
    await review(ws, { status: 'auto_matched', requestId: taken, teamId: desk.id });
    const now = Date.now();
    const plain = await review(ws, { kind: 'action', at: new Date(now - 2 * HOUR) });
    const suggested = await review(ws, { status: 'needs_review', requestId: open, confidence: 62, at: new Date(now - HOUR) });
    const stale = await review(ws, { status: 'needs_review', requestId: taken, confidence: 50, at: new Date(now - 3 * HOUR) });

    const listed = await listUnmatchedReviews(database.db, ws);
    expect(listed.map((r) => r.id)).toEqual([suggested, plain, stale]);
    expect(listed[0]).toMatchObject({ suggestedInviteId: open, matchConfidence: 62, inviteId: 0, matchStatus: 'needs_review', confirmedAt: null });
    expect(listed[1]).toMatchObject({ suggestedInviteId: null, inviteId: null, kind: 'action', team: { id: unknown.id, name: 'Unknown' } });
    expect(listed[2]!.suggestedInviteId).toBeNull();
  });

  it('lists the requests no counted review holds, newest first, in the spec shape', async () => {
    const ws = await workspace();
    const desk = await team(ws, 'Front Desk');
    const older = await request(ws, { teamId: desk.id, first: 'Old', last: 'One', at: new Date('2026-01-01T00:00:00Z') });
    const newer = await request(ws, { teamId: null, first: 'New', last: 'Two', at: new Date('2026-02-01T00:00:00Z') });
    const held = await request(ws, { teamId: desk.id });
    const suggestedOnly = await request(ws, { teamId: desk.id, at: new Date('2025-12-01T00:00:00Z') });
    await review(ws, { status: 'manual', requestId: held, teamId: desk.id });
    await review(ws, { status: 'needs_review', requestId: suggestedOnly });

    expect(await listUnmatchedInvites(database.db, ws)).toEqual([
      { id: newer, firstName: 'New', lastName: 'Two', email: 'sarah@example.com', teamId: null, teamName: null, createdAt: '2026-02-01T00:00:00.000Z' },
      {
        id: older,
        firstName: 'Old',
        lastName: 'One',
        email: 'sarah@example.com',
        teamId: desk.id,
        teamName: 'Front Desk',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      expect.objectContaining({ id: suggestedOnly }),
    ]);
  });
});

describe('assignment', () => {
  async function notices(run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const stop = await database.listen(LIVE_CHANNEL, (payload) => seen.push(payload));
    await run();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    return seen;
  }

  it('assigns a waiting review to a request: self_confirmed, the request team, confidence kept for the suggestion', async () => {
    const ws = await workspace();
    const desk = await team(ws, 'Front Desk', '#10B981');
    const req = await request(ws, { teamId: desk.id });
    const id = await review(ws, { status: 'needs_review', requestId: req, confidence: 64 });
    let result: Awaited<ReturnType<typeof assignReviewToInvite>> | undefined;
    const seen = await notices(async () => {
      result = await assignReviewToInvite(store, ws, { kind: 'google', reviewId: id, inviteId: req });
    });
    expect(result).toEqual({
      ok: true,
      review: expect.objectContaining({ id, inviteId: 0, matchStatus: 'self_confirmed', team: { id: desk.id, name: 'Front Desk', color: '#10B981' } }),
    });
    expect(await stored(id)).toMatchObject({
      matchStatus: 'self_confirmed',
      requestId: req,
      teamId: desk.id,
      matchConfidence: 64,
      matchEvidence: { name: { first: 'exact' } },
    });
    expect((await stored(id)).confirmedAt).toBeInstanceOf(Date);
    expect(seen.map(noticeWithoutId)).toEqual([{ workspaceId: ws.id, event: 'data_update' }]);
    expect(await listUnmatchedInvites(database.db, ws)).toEqual([]);
  });

  it('clears the confidence when the request is not the suggested one, and can record an admin match as manual', async () => {
    const ws = await workspace();
    const desk = await team(ws, 'Front Desk');
    const [suggested, chosen] = [await request(ws, { teamId: desk.id }), await request(ws, { teamId: desk.id })];
    const id = await review(ws, { kind: 'action', status: 'needs_review', requestId: suggested, confidence: 50 });
    const result = await assignReviewToInvite(store, ws, { kind: 'action', reviewId: id, inviteId: chosen, status: 'manual' });
    expect(result.ok && result.review.inviteId).toBe(chosen);
    expect(await stored(id)).toMatchObject({ matchStatus: 'manual', requestId: chosen, matchConfidence: null, matchEvidence: null });
  });

  it('assigns a waiting review to a team: manual, no request', async () => {
    const ws = await workspace();
    const desk = await team(ws, 'Front Desk');
    const req = await request(ws);
    const id = await review(ws, { status: 'needs_review', requestId: req, confidence: 45 });
    const result = await assignReviewToTeam(store, ws, { kind: 'google', reviewId: id, teamId: desk.id });
    expect(result.ok && result.review.team?.id).toBe(desk.id);
    expect(await stored(id)).toMatchObject({ matchStatus: 'manual', requestId: null, teamId: desk.id, matchConfidence: null });
  });

  it('refuses what is not the caller’s, the wrong kind, Unknown, a taken request and an already matched review', async () => {
    const ws = await workspace();
    const other = await workspace();
    const desk = await team(ws, 'Front Desk');
    const theirTeam = await team(other, 'Theirs');
    const unknown = (await findUnknownTeam(database.db, ws.id))!;
    const req = await request(ws, { teamId: desk.id });
    const theirRequest = await request(other);
    const waiting = await review(ws);
    const theirs = await review(other);
    const matched = await review(ws, { status: 'auto_matched', requestId: req, teamId: desk.id });
    const second = await review(ws);

    const invite = (reviewId: number, inviteId: number, kind: 'google' | 'action' = 'google') => assignReviewToInvite(store, ws, { kind, reviewId, inviteId });
    const toTeam = (reviewId: number, teamId: number, kind: 'google' | 'action' = 'google') => assignReviewToTeam(store, ws, { kind, reviewId, teamId });
    expect(await invite(theirs, req)).toEqual({ ok: false, problem: 'review_not_found' });
    expect(await invite(waiting, req, 'action')).toEqual({ ok: false, problem: 'review_not_found' });
    expect(await invite(waiting, theirRequest)).toEqual({ ok: false, problem: 'request_not_found' });
    expect(await invite(waiting, 0)).toEqual({ ok: false, problem: 'request_not_found' });
    expect(await invite(second, req)).toEqual({ ok: false, problem: 'request_taken' });
    expect(await invite(matched, await request(ws))).toEqual({ ok: false, problem: 'already_matched' });
    expect(await toTeam(waiting, theirTeam.id)).toEqual({ ok: false, problem: 'team_not_found' });
    expect(await toTeam(waiting, unknown.id)).toEqual({ ok: false, problem: 'unknown_team' });
    expect(await toTeam(matched, desk.id)).toEqual({ ok: false, problem: 'already_matched' });
    expect(await toTeam(waiting, desk.id, 'action')).toEqual({ ok: false, problem: 'review_not_found' });
    expect(await invite(waiting, await request(ws))).toEqual({ ok: false, problem: 'request_without_team' });
    expect(await stored(waiting)).toMatchObject({ matchStatus: 'unmatched', teamId: null, requestId: null });
    expect(await getTeamVisibleReview(database.db, ws, theirs)).toBeNull();
  });

  it('gives a request to one review when two staff assign at once', async () => {
    const ws = await workspace();
    const desk = await team(ws, 'Front Desk');
    const req = await request(ws, { teamId: desk.id });
    const [a, b] = [await review(ws), await review(ws)];
    const results = await Promise.all([a, b].map((reviewId) => assignReviewToInvite(store, ws, { kind: 'google', reviewId, inviteId: req })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: 'request_taken' }]);
  });
});

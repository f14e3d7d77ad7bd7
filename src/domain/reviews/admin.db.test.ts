import { type UnitStore, withUnitStore } from '#testing/unit-queue.ts';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import type { MatchStatus } from '#shared/statuses.ts';
import { challengeSettings, teamScores } from './scoring.ts';
import { createTeam } from '#domain/game/teams.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { deleteReview, editReview, fixOrphanedReviews, getAdminReview, listAdminReviews, reassignReview, unmatchReview } from './admin.ts';
import { staffIdFor } from '#domain/game/staff/people.ts';
import { unitWorkspace } from '#testing/unit-data.ts';

let database: Database;
let store: UnitStore;

const workspace = (): Promise<Workspace> => unitWorkspace(database.db);

async function team(ws: Workspace, name: string) {
  const result = await createTeam(database, ws, { name, color: '#10B981' });
  if (!result.ok) throw new Error(result.problem);
  return result.team.id;
}

async function request(ws: Workspace, teamId: number | null, first = 'Sarah', last = 'Kim') {
  const [row] = await database.db
    .insert(reviewRequests)
    .values({
      workspaceId: ws.id,
      staffId: await staffIdFor(database.db, ws.id, 'ann@acme.example', 'Ann'),
      teamId,
      staffFirstName: 'Ann',
      staffEmail: 'ann@acme.example',
      customerFirstName: first,
      customerLastName: last,
      customerEmail: 'c@example.com',
    })
    .returning({ id: reviewRequests.id });
  return row!.id;
}

let externalId = 0;
async function review(
  ws: Workspace,
  values: {
    status?: MatchStatus;
    requestId?: number | null;
    teamId?: number | null;
    confidence?: number | null;
    kind?: 'google' | 'action';
    at?: string;
    evidence?: unknown;
  } = {},
) {
  externalId += 1;
  const [row] = await database.db
    .insert(reviews)
    .values({
      workspaceId: ws.id,
      kind: values.kind ?? 'google',
      source: values.kind === 'action' ? 'crm' : 'google',
      externalId: `admin-unit-${externalId}`,
      reviewerName: 'Sarah K.',
      rating: 5,
      comment: 'Lovely',
      createTime: values.at ? new Date(values.at) : new Date(),
      requestId: values.requestId ?? null,
      teamId: values.teamId ?? null,
      matchStatus: values.status ?? 'unmatched',
      matchConfidence: values.confidence ?? null,
      matchEvidence: values.evidence ?? null,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

const stored = async (id: number) => (await database.db.select().from(reviews).where(eq(reviews.id, id)))[0]!;

async function counts(ws: Workspace) {
  const { start } = await challengeSettings(database.db, ws);
  return Object.fromEntries((await teamScores(database.db, ws, start)).map((t) => [t.name, t.reviews]));
}

withUnitStore((opened) => ({ store, database } = { store: opened, database: opened.database }));

describe('listAdminReviews', () => {
  it('lists both kinds newest first, with the request, team and evidence', async () => {
    const ws = await workspace();
    const audit = await team(ws, 'Audit');
    const req = await request(ws, audit, 'Robert', 'Nguyen');
    const evidence = {
      name: { score: 0.96, first: 'nickname', last: 'exact', conflict: false },
      daysAfterRequest: 2,
      timeFactor: 1,
      clicked: true,
      clickBonus: 0.15,
    };
    const older = await review(ws, { kind: 'action', at: '2026-01-01T00:00:00Z' });
    const newer = await review(ws, { status: 'auto_matched', requestId: req, teamId: audit, confidence: 91, evidence, at: '2026-02-01T00:00:00Z' });
    const list = await listAdminReviews(database.db, ws);
    expect(list.map((r) => r.id)).toEqual([newer, older]);
    expect(list[0]).toEqual({
      id: newer,
      kind: 'google',
      source: 'google',
      platform: null,
      reviewerName: 'Sarah K.',
      rating: 5,
      comment: 'Lovely',
      createTime: '2026-02-01T00:00:00.000Z',
      matchStatus: 'auto_matched',
      matchConfidence: 91,
      reviewUrl: null,
      requestId: req,
      customerName: 'Robert Nguyen',
      teamId: audit,
      teamName: 'Audit',
      teamColor: '#10B981',
      evidence,
    });
    expect(list[1]).toMatchObject({
      kind: 'action',
      source: 'crm',
      matchStatus: 'unmatched',
      requestId: null,
      customerName: null,
      teamName: null,
      evidence: null,
    });
  });

  it('shows nothing of another workspace', async () => {
    const mine = await workspace();
    const other = await workspace();
    const theirs = await review(other);
    expect(await listAdminReviews(database.db, mine)).toEqual([]);
    expect(await getAdminReview(database.db, mine, theirs)).toBeNull();
  });
});

describe('editReview', () => {
  it('changes reviewer, stars and text, and moves the update time', async () => {
    const ws = await workspace();
    const id = await review(ws);
    const result = await editReview(database, ws, id, { reviewerName: 'Sarah Kim', rating: 3, comment: null });
    expect(result).toMatchObject({ ok: true, review: { id, reviewerName: 'Sarah Kim', rating: 3, comment: null } });
    expect((await stored(id)).updateTime).toBeInstanceOf(Date);
  });

  it('refuses another workspace’s review', async () => {
    const ws = await workspace();
    const theirs = await review(await workspace());
    expect(await editReview(database, ws, theirs, { reviewerName: 'X', rating: 1, comment: null })).toEqual({ ok: false, problem: 'review_not_found' });
    expect((await stored(theirs)).reviewerName).toBe('Sarah K.');
  });
});

describe('reassignReview', () => {
  it('gives the review to the request and its team, as a manual decision', async () => {
    const ws = await workspace();
    const [a, b] = [await team(ws, 'A'), await team(ws, 'B')];
    const first = await request(ws, a);
    const second = await request(ws, b, 'Tom', 'Ray');
    const id = await review(ws, { status: 'auto_matched', requestId: first, teamId: a, confidence: 80, evidence: { clicked: false } });
    expect(await counts(ws)).toMatchObject({ A: 1, B: 0 });
    const result = await reassignReview(store, ws, id, second);
    expect(result).toMatchObject({
      ok: true,
      review: { matchStatus: 'manual', requestId: second, teamId: b, teamName: 'B', matchConfidence: null, evidence: null, customerName: 'Tom Ray' },
    });
    expect(await counts(ws)).toMatchObject({ A: 0, B: 1 });
  });

  it('refuses a request another counted review holds, and clears stale suggestions', async () => {
    const ws = await workspace();
    const a = await team(ws, 'A');
    const held = await request(ws, a);
    const free = await request(ws, a, 'Tom', 'Ray');
    await review(ws, { status: 'self_confirmed', requestId: held, teamId: a });
    const suggested = await review(ws, { status: 'needs_review', requestId: free, confidence: 55 });
    const id = await review(ws);
    expect(await reassignReview(store, ws, id, held)).toEqual({ ok: false, problem: 'request_taken' });
    expect(await reassignReview(store, ws, id, free)).toMatchObject({ ok: true });
    expect(await stored(suggested)).toMatchObject({ matchStatus: 'unmatched', requestId: null, matchConfidence: null });
  });

  it('reassigning to the request it already holds makes it manual', async () => {
    const ws = await workspace();
    const a = await team(ws, 'A');
    const req = await request(ws, a);
    const id = await review(ws, { status: 'auto_matched', requestId: req, teamId: a, confidence: 75 });
    expect(await reassignReview(store, ws, id, req)).toMatchObject({ ok: true, review: { matchStatus: 'manual', requestId: req } });
  });

  it('refuses requests and reviews of another workspace, and a request with no team', async () => {
    const ws = await workspace();
    const other = await workspace();
    const id = await review(ws);
    const foreignRequest = await request(other, await team(other, 'Theirs'));
    const foreignReview = await review(other);
    const noTeam = await request(ws, null);
    expect(await reassignReview(store, ws, id, foreignRequest)).toEqual({ ok: false, problem: 'request_not_found' });
    expect(await reassignReview(store, ws, foreignReview, noTeam)).toEqual({ ok: false, problem: 'review_not_found' });
    expect(await reassignReview(store, ws, id, noTeam)).toEqual({ ok: false, problem: 'request_without_team' });
    expect(await reassignReview(store, ws, id, 0)).toEqual({ ok: false, problem: 'request_not_found' });
  });
});

describe('unmatchReview and deleteReview', () => {
  it('unmatches: no request, no team, no confidence, counted for Unknown', async () => {
    const ws = await workspace();
    const a = await team(ws, 'A');
    const req = await request(ws, a);
    const id = await review(ws, { status: 'auto_matched', requestId: req, teamId: a, confidence: 88, evidence: { clicked: true } });
    const result = await unmatchReview(database, ws, id);
    expect(result).toMatchObject({ ok: true, review: { matchStatus: 'unmatched', requestId: null, teamId: null, matchConfidence: null, evidence: null } });
    expect(await counts(ws)).toMatchObject({ A: 0, Unknown: 1 });
  });

  it('deletes by kind only', async () => {
    const ws = await workspace();
    const google = await review(ws, { kind: 'google' });
    const action = await review(ws, { kind: 'action' });
    expect(await deleteReview(database, ws, google, 'action')).toBe(false);
    expect(await deleteReview(database, ws, action, 'google')).toBe(false);
    expect(await deleteReview(database, ws, google, 'google')).toBe(true);
    expect(await deleteReview(database, ws, action, 'action')).toBe(true);
    expect(await listAdminReviews(database.db, ws)).toEqual([]);
    const theirs = await review(await workspace());
    expect(await deleteReview(database, ws, theirs, 'google')).toBe(false);
  });
});

describe('fixOrphanedReviews', () => {
  it('unmatches reviews whose team or matched request is gone, and nothing else', async () => {
    const ws = await workspace();
    const [keep, gone] = [await team(ws, 'Keep'), await team(ws, 'Gone')];
    const keptRequest = await request(ws, keep);
    const goneRequest = await request(ws, keep, 'Tom', 'Ray');
    const suggestedGone = await request(ws, keep, 'Amy', 'Lo');
    const fine = await review(ws, { status: 'auto_matched', requestId: keptRequest, teamId: keep, confidence: 90 });
    const teamOnly = await review(ws, { status: 'manual', teamId: keep });
    const onGoneTeam = await review(ws, { status: 'manual', teamId: gone });
    const onGoneRequest = await review(ws, { status: 'auto_matched', requestId: goneRequest, teamId: keep, confidence: 77 });
    const suggestion = await review(ws, { status: 'needs_review', requestId: suggestedGone, confidence: 50 });
    const unmatched = await review(ws);

    expect(await fixOrphanedReviews(database, ws)).toBe(0);
    await database.db.delete(teams).where(eq(teams.id, gone));
    await database.db.delete(reviewRequests).where(eq(reviewRequests.id, goneRequest));
    await database.db.delete(reviewRequests).where(eq(reviewRequests.id, suggestedGone));
    expect(await counts(ws)).toMatchObject({ Keep: 3, Unknown: 3 });

    expect(await fixOrphanedReviews(database, ws)).toBe(3);
    for (const id of [onGoneTeam, onGoneRequest, suggestion]) {
      expect(await stored(id)).toMatchObject({ matchStatus: 'unmatched', requestId: null, teamId: null, matchConfidence: null });
    }
    expect(await stored(fine)).toMatchObject({ matchStatus: 'auto_matched', requestId: keptRequest });
    expect(await stored(teamOnly)).toMatchObject({ matchStatus: 'manual', teamId: keep });
    expect(await stored(unmatched)).toMatchObject({ matchStatus: 'unmatched' });
    expect(await counts(ws)).toMatchObject({ Keep: 2, Unknown: 4 });
    expect(await fixOrphanedReviews(database, ws)).toBe(0);
  });

  it('leaves other workspaces alone', async () => {
    const ws = await workspace();
    const other = await workspace();
    const theirs = await review(other, { status: 'manual' });
    expect(await fixOrphanedReviews(database, ws)).toBe(0);
    expect((await stored(theirs)).matchStatus).toBe('manual');
  });
});

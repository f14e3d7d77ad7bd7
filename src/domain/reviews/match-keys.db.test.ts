import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import { MATCH_KEYS_VERSION } from './matching/matcher.ts';
import { updateRequest } from '#domain/requests/queries.ts';
import { staffIdFor } from '#domain/game/staff/people.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { type UnitStore, withUnitStore } from '#testing/unit-queue.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { ingestReview, prepareMatch, storeReview } from './ingest.ts';
import { candidateRequests, matchKeyColumns } from './match-keys.ts';
import type { IncomingReview } from './store.ts';

let database: Database;
let store: UnitStore;
withUnitStore((opened) => ({ store, database } = { store: opened, database: opened.database }));

const HOUR = 60 * 60 * 1000;
let reviewCount = 0;
const review = (reviewerName: string | null, createTime = new Date()): IncomingReview => ({
  kind: 'google',
  source: 'test',
  externalId: `r-${++reviewCount}`,
  reviewerName,
  rating: 5,
  comment: null,
  createTime,
});

/** Requests written straight in, as a restored backup or an older version left them: no keys yet, unless `keyed`. */
async function requests(
  workspace: Workspace,
  names: [string, string][],
  options: { keyed?: boolean; clickedAt?: Date; createdAt?: Date } = {},
): Promise<number[]> {
  const staffId = await staffIdFor(database.db, workspace.id, 'alex@example.com', 'Alex');
  const rows = await database.db
    .insert(reviewRequests)
    .values(
      names.map(([firstName, lastName], i) => {
        const email = `${firstName}.${lastName}.${i}@example.com`.toLowerCase();
        return {
          workspaceId: workspace.id,
          staffId,
          staffFirstName: 'Alex',
          staffEmail: 'alex@example.com',
          customerFirstName: firstName,
          customerLastName: lastName,
          customerEmail: email,
          createdAt: options.createdAt ?? new Date(Date.now() - 2 * 24 * HOUR),
          clickedAt: options.clickedAt ?? null,
          ...(options.keyed ? matchKeyColumns({ firstName, lastName, email }) : {}),
        };
      }),
    )
    .returning({ id: reviewRequests.id });
  return rows.map((r) => r.id);
}

const crowd = (n: number): [string, string][] =>
  Array.from({ length: n }, (_, i) => [
    ['Olivia', 'Liam', 'Noah', 'Mia', 'Jack', 'Ava'][i % 6]!,
    ['Brown', 'Nguyen', 'Singh', 'Walker', 'Murphy'][i % 5]! + String.fromCharCode(97 + (i % 26)),
  ]);

describe('matching a new review against its candidate requests only', () => {
  it('works out the keys of requests stored without them before matching, once', async () => {
    const workspace = await unitWorkspace(database.db);
    const [id, other] = await requests(workspace, [
      ['Siobhán', "O'Connor"],
      ['Wen', 'Zhou'],
    ]);
    expect(await candidateRequests(database.db, workspace.id, review('Siobhan OConnor'))).toEqual([expect.objectContaining({ id })]);
    const rows = await database.db.select().from(reviewRequests).where(eq(reviewRequests.workspaceId, workspace.id)).orderBy(reviewRequests.id);
    expect(rows).toEqual([
      expect.objectContaining({ id, matchKeysVersion: MATCH_KEYS_VERSION, matchKeys: expect.arrayContaining(['w:siobhan', 'w:oconnor']) }),
      expect.objectContaining({ id: other, matchKeysVersion: MATCH_KEYS_VERSION, matchKeys: expect.arrayContaining(['w:wen', 'w:zhou']) }),
    ]);
    expect((await ingestReview(store, workspace, review('Siobhan OConnor')))?.match).toMatchObject({ status: 'auto_matched', requestId: id });
  });

  it('reads a handful of 2,000 open requests for a name, plus the one opened just before an anonymous review', async () => {
    const workspace = await unitWorkspace(database.db);
    await requests(workspace, crowd(2000), { keyed: true });
    const [zanele] = await requests(workspace, [['Zanele', 'Dlamini']], { keyed: true });
    const [clicked] = await requests(workspace, [['Tomasz', 'Kowalski']], { keyed: true, clickedAt: new Date(Date.now() - HOUR) });
    const named = await candidateRequests(database.db, workspace.id, review('Zanele D.'));
    expect(named.map((r) => r.id)).toEqual([zanele, clicked]);
    const anonymous = await candidateRequests(database.db, workspace.id, review(null));
    expect(anonymous.map((r) => r.id)).toEqual([clicked]);
    expect((await ingestReview(store, workspace, review(null)))?.match).toMatchObject({ status: 'needs_review', requestId: clicked });
  });

  it('offers no request logged more than 400 days before the review, and stores the keys of an old one once', async () => {
    const workspace = await unitWorkspace(database.db);
    const [old] = await requests(workspace, [['Ruth', 'Abebe']], { createdAt: new Date(Date.now() - 401 * 24 * HOUR) });
    const [recent] = await requests(workspace, [['Ruth', 'Abebe']], { keyed: true, createdAt: new Date(Date.now() - 399 * 24 * HOUR) });
    expect((await candidateRequests(database.db, workspace.id, review('Ruth Abebe'))).map((r) => r.id)).toEqual([recent]);
    const [stored] = await database.db.select().from(reviewRequests).where(eq(reviewRequests.id, old!));
    expect(stored).toMatchObject({ matchKeysVersion: MATCH_KEYS_VERSION, matchKeys: expect.arrayContaining(['w:ruth', 'w:abebe']) });
  });

  it('leaves out a request another review has taken', async () => {
    const workspace = await unitWorkspace(database.db);
    const [id] = await requests(workspace, [['Priya', 'Raman']], { keyed: true });
    expect((await ingestReview(store, workspace, review('Priya Raman')))?.match).toMatchObject({ status: 'auto_matched', requestId: id });
    expect(await candidateRequests(database.db, workspace.id, review('Priya Raman'))).toEqual([]);
  });

  it('matches again under the lock when a candidate was taken after the match was worked out', async () => {
    const workspace = await unitWorkspace(database.db);
    const [id] = await requests(workspace, [['Mateo', 'Fernández']], { keyed: true });
    const second = review('Mateo Fernandez');
    const preparedEarlier = await prepareMatch(database.db, workspace, second);
    expect(preparedEarlier.result).toMatchObject({ status: 'auto_matched', requestId: id });
    // Meanwhile another review by the same name takes the request.
    expect((await ingestReview(store, workspace, review('Mateo Fernández')))?.match).toMatchObject({ status: 'auto_matched', requestId: id });
    const stored = await database.db.transaction((tx) => storeReview(tx, store.jobs, workspace, second, preparedEarlier));
    expect(stored?.match?.status).toBe('unmatched');
    const counted = await database.db.select().from(reviews).where(eq(reviews.requestId, id!));
    expect(counted).toHaveLength(1);
  });

  it('matches again to the request still open when another candidate was taken meanwhile', async () => {
    const workspace = await unitWorkspace(database.db);
    const [mateo, silva] = await requests(
      workspace,
      [
        ['Mateo', 'Fernández'],
        ['Mateo', 'Silva'],
      ],
      { keyed: true },
    );
    const incoming = review('Mateo Fernández');
    const preparedEarlier = await prepareMatch(database.db, workspace, incoming);
    expect(preparedEarlier.candidates.map((c) => c.id)).toEqual([mateo, silva]);
    expect((await ingestReview(store, workspace, review('Mateo Silva')))?.match).toMatchObject({ status: 'auto_matched', requestId: silva });
    const stored = await database.db.transaction((tx) => storeReview(tx, store.jobs, workspace, incoming, preparedEarlier));
    expect(stored?.match).toMatchObject({ status: 'auto_matched', requestId: mateo });
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, stored!.id));
    expect(row).toMatchObject({ matchStatus: 'auto_matched', requestId: mateo });
  });

  it('keeps the match worked out before the lock when its candidates are still open', async () => {
    const workspace = await unitWorkspace(database.db);
    const [id] = await requests(workspace, [['Amara', 'Osei']], { keyed: true });
    const incoming = review('Amara Osei');
    const prepared = await prepareMatch(database.db, workspace, incoming);
    const stored = await database.db.transaction((tx) => storeReview(tx, store.jobs, workspace, incoming, prepared));
    expect(stored?.match).toMatchObject({ status: 'auto_matched', requestId: id });
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, stored!.id));
    expect(row).toMatchObject({ matchStatus: 'auto_matched', requestId: id });
  });

  it('finds an edited request under its new name, not its old one', async () => {
    const workspace = await unitWorkspace(database.db);
    const [id] = await requests(workspace, [['Sarah', 'Kim']], { keyed: true });
    const [team] = await database.db.select({ id: teams.id }).from(teams).where(eq(teams.workspaceId, workspace.id));
    const edit = { firstName: 'Hannah', lastName: 'Okafor', email: 'hannah@example.com', staffFirstName: 'Alex', teamId: team!.id };
    expect(await updateRequest(database, workspace, id!, edit)).toMatchObject({ ok: true });
    expect(await candidateRequests(database.db, workspace.id, review('Sarah Kim'))).toEqual([]);
    expect((await ingestReview(store, workspace, review('Hannah Okafor')))?.match).toMatchObject({ status: 'auto_matched', requestId: id });
  });

  it('stores a CRM forward of a Google review under it, holding no request of its own', async () => {
    const workspace = await unitWorkspace(database.db);
    await requests(
      workspace,
      [
        ['Lena', 'Fischer'],
        ['Lena', 'Fischer'],
      ],
      { keyed: true },
    );
    const google = await ingestReview(store, workspace, { ...review('Lena Fischer'), source: 'google' });
    expect(google?.match).toMatchObject({ status: 'needs_review' });
    const forward = { ...review('Lena Fischer'), kind: 'action' as const, source: 'crm' as const };
    expect(await ingestReview(store, workspace, forward)).toMatchObject({ created: true, linkedTo: google!.id, match: null });
    const [crm] = await database.db.select().from(reviews).where(eq(reviews.externalId, forward.externalId));
    expect(crm).toMatchObject({ sameAs: google!.id, matchStatus: 'unmatched', requestId: null, teamId: null });
  });

  it('leaves a review delivered again as it was matched (a sync or a CRM retry seeing it again)', async () => {
    const workspace = await unitWorkspace(database.db);
    const [id] = await requests(workspace, [['Ines', 'Duarte']], { keyed: true });
    const again = review('Ines Duarte');
    expect((await ingestReview(store, workspace, again))?.match).toMatchObject({ status: 'auto_matched', requestId: id });
    expect(await ingestReview(store, workspace, again)).toMatchObject({ created: false, match: null, counted: false });
    const stored = await database.db
      .select({ requestId: reviews.requestId, status: reviews.matchStatus })
      .from(reviews)
      .where(eq(reviews.workspaceId, workspace.id));
    expect(stored).toEqual([{ requestId: id, status: 'auto_matched' }]);
  });
});

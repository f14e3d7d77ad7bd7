import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { reviews } from '#platform/db/schema.ts';
import { updateSetting } from '#domain/workspace/settings.ts';
import { createTeam, deleteTeam, getTeamInWorkspace, listTeams, readOnlyTeamIds, updateTeam } from './teams.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

let database: Database;

const workspace = (): Promise<Workspace> => unitWorkspace(database.db, 'free');

beforeAll(async () => {
  // Its own in-memory database (the integration suites cover PostgreSQL through the API).
  database = await migratedMemoryDatabase();
});
afterAll(() => database.close());

describe('teams', () => {
  it('creates, renames, recolours and deletes within one workspace', async () => {
    const ws = await workspace();
    const created = await createTeam(database, ws, { name: '  Audit ', color: '#F59E0B' });
    expect(created).toEqual({ ok: true, team: { id: expect.any(Number), name: 'Audit', color: '#F59E0B', reviews: 0 } });
    const id = created.ok ? created.team.id : 0;
    expect(await updateTeam(database, ws, id, { name: 'Assurance' })).toMatchObject({ ok: true, team: { name: 'Assurance', color: '#F59E0B' } });
    expect(await updateTeam(database, ws, id, { color: '#10B981' })).toMatchObject({ ok: true, team: { name: 'Assurance', color: '#10B981' } });
    expect(await deleteTeam(database, ws.id, id)).toEqual({ ok: true });
    expect(await getTeamInWorkspace(database.db, ws.id, id)).toBeNull();
  });

  it('refuses duplicates (any case), the reserved name, and changes to Unknown', async () => {
    const ws = await workspace();
    await createTeam(database, ws, { name: 'Ops', color: '#3B82F6' });
    expect(await createTeam(database, ws, { name: 'OPS', color: '#3B82F6' })).toEqual({ ok: false, problem: 'duplicate_name' });
    expect(await createTeam(database, ws, { name: 'unknown', color: '#3B82F6' })).toEqual({ ok: false, problem: 'reserved_name' });
    const unknown = (await listTeams(database.db, ws)).find((t) => t.name === 'Unknown')!;
    expect(await updateTeam(database, ws, unknown.id, { name: 'Other' })).toEqual({ ok: false, problem: 'unknown_locked' });
    expect(await deleteTeam(database, ws.id, unknown.id)).toEqual({ ok: false, problem: 'unknown_locked' });
  });

  it('finds a team only in its own workspace', async () => {
    const a = await workspace();
    const b = await workspace();
    const created = await createTeam(database, a, { name: 'Tax', color: '#3B82F6' });
    const id = created.ok ? created.team.id : 0;
    expect(await getTeamInWorkspace(database.db, a.id, id)).toMatchObject({ name: 'Tax' });
    expect(await getTeamInWorkspace(database.db, b.id, id)).toBeNull();
    expect(await updateTeam(database, b, id, { name: 'Stolen' })).toEqual({ ok: false, problem: 'not_found' });
    expect(await deleteTeam(database, b.id, id)).toEqual({ ok: false, problem: 'not_found' });
    expect(await getTeamInWorkspace(database.db, a.id, 2 ** 40)).toBeNull();
  });

  it("lists teams by name with the wallboard's count of their reviews", async () => {
    const ws = await workspace();
    const created = await createTeam(database, ws, { name: 'tax', color: '#3B82F6' });
    const tax = created.ok ? created.team.id : 0;
    await updateSetting(database, ws.id, 'timezone', 'UTC');
    await updateSetting(database, ws.id, 'challenge_start_date', '2026-01-01');
    const at = (iso: string) => new Date(iso);
    const rows = [
      { teamId: tax, matchStatus: 'auto_matched', createTime: at('2026-01-01T00:00:00Z') }, // on the start instant: counts
      { teamId: tax, matchStatus: 'needs_review', createTime: at('2026-02-01T00:00:00Z') }, // Unknown
      { teamId: null, matchStatus: 'unmatched', createTime: at('2026-02-01T00:00:00Z') }, // Unknown
      { teamId: tax, matchStatus: 'manual', createTime: at('2025-12-31T23:59:59Z') }, // before: nowhere
    ] as const;
    await database.db
      .insert(reviews)
      .values(rows.map((r, i) => ({ ...r, workspaceId: ws.id, kind: 'action' as const, source: 'crm' as const, externalId: `c-${i}`, rating: 4 })));
    expect(await listTeams(database.db, ws)).toEqual([
      { id: tax, name: 'tax', color: '#3B82F6', reviews: 1 },
      { id: expect.any(Number), name: 'Unknown', color: '#6B7280', reviews: 2 },
    ]);
    expect(await updateTeam(database, ws, tax, { color: '#EF4444' })).toEqual({ ok: true, team: { id: tax, name: 'tax', color: '#EF4444', reviews: 1 } });
  });
});

describe('readOnlyTeamIds', () => {
  const rows = [
    { id: 9, name: 'Newest' },
    { id: 1, name: 'Unknown' },
    { id: 3, name: 'Oldest' },
    { id: 5, name: 'Middle' },
  ];

  it('keeps the oldest teams usable and makes the newest over the limit read-only; Unknown never counts', () => {
    expect(readOnlyTeamIds(rows, 'starter')).toEqual(new Set([9]));
    expect(readOnlyTeamIds([...rows, { id: 12, name: 'Later' }], 'starter')).toEqual(new Set([9, 12]));
    expect(readOnlyTeamIds(rows, 'team')).toEqual(new Set());
  });

  it('counts each wallboard on its own (Agency: five teams on each)', () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, name: `Main ${i}`, wallboardId: null }));
    const other = Array.from({ length: 5 }, (_, i) => ({ id: i + 100, name: `Client ${i}`, wallboardId: 7 }));
    expect(readOnlyTeamIds([...many, ...other], 'agency')).toEqual(new Set([6]));
  });

  it('makes every team of a read-only wallboard read-only, however few it has', () => {
    const main = [{ id: 1, name: 'Main', wallboardId: null }];
    const onBoards = [
      { id: 2, name: 'Kept board', wallboardId: 7 },
      { id: 3, name: 'Over the plan', wallboardId: 8 },
      { id: 4, name: 'Over the plan too', wallboardId: 8 },
    ];
    expect(readOnlyTeamIds([...main, ...onBoards], 'starter', new Set([7, 8]))).toEqual(new Set([2, 3, 4]));
    expect(readOnlyTeamIds([...main, ...onBoards], 'agency', new Set([8]))).toEqual(new Set([3, 4]));
  });
});

import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { migrate, readMigrations } from './migrate.ts';
import { pgliteDatabase } from './pglite.ts';

// migrations/0015 gives every request that existed before it a person: a database at 0014 with
// requests in it, then the rest of the migrations, as an upgraded installation runs them.

let database: Database;
const sql = <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) => database.transaction((tx) => tx.query<Row>(text, params));

beforeAll(async () => {
  database = pgliteDatabase(await PGlite.create());
  const migrations = readMigrations();
  const upTo0014 = migrations.filter((m) => m.name < '0015');
  expect(upTo0014.at(-1)?.name).toMatch(/^0014_/);
  await migrate(database, upTo0014);

  const workspace = async (slug: string) =>
    (
      await sql<{ id: number }>(
        "INSERT INTO workspaces (slug, business_name, admin_email, staff_password_hash, admin_password_hash) VALUES ($1, 'Acme', 'a@b.co', 'x', 'x') RETURNING id",
        [slug],
      )
    )[0]!.id;
  const acme = await workspace('acme');
  const other = await workspace('other');
  const request = (workspaceId: number, firstName: string, email: string, at: string) =>
    sql(
      'INSERT INTO review_requests (workspace_id, staff_first_name, staff_email, customer_first_name, customer_last_name, customer_email, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [workspaceId, firstName, email, 'Sarah', `Kim ${at}`, 'sarah@example.com', at],
    );
  await request(acme, 'annie', 'Ann@Acme.example', '2026-01-01T09:00:00Z');
  await request(acme, 'Ann', ' ann@acme.example', '2026-02-01T09:00:00Z');
  await request(acme, 'Bob', 'bob@acme.example', '2026-01-15T09:00:00Z');
  await request(other, 'Ann', 'ann@acme.example', '2026-03-01T09:00:00Z');
  const [first] = await sql<{ id: number }>("SELECT id FROM review_requests WHERE customer_last_name LIKE '%2026-01-01%'");
  await sql(
    "INSERT INTO reviews (workspace_id, kind, source, external_id, rating, create_time, request_id, match_status) VALUES ($1, 'google', 'google', 'g-1', 5, now(), $2, 'auto_matched')",
    [acme, first!.id],
  );

  expect(await migrate(database)).toContain('0015_staff_and_game.sql');
});
afterAll(() => database.close());

describe('migrations/0015: staff as people', () => {
  it('makes one person per workspace and email, whatever its case or spaces, named as on their latest request', async () => {
    const people = await sql<{ slug: string; email: string; first_name: string; active: boolean; merged_into_id: number | null; created_at: Date }>(
      'SELECT w.slug, s.email, s.first_name, s.active, s.merged_into_id, s.created_at FROM staff s JOIN workspaces w ON w.id = s.workspace_id ORDER BY w.slug, s.email',
    );
    expect(people.map(({ created_at, ...p }) => ({ ...p, created_at: new Date(created_at).toISOString() }))).toEqual([
      { slug: 'acme', email: 'ann@acme.example', first_name: 'Ann', active: true, merged_into_id: null, created_at: '2026-01-01T09:00:00.000Z' },
      { slug: 'acme', email: 'bob@acme.example', first_name: 'Bob', active: true, merged_into_id: null, created_at: '2026-01-15T09:00:00.000Z' },
      { slug: 'other', email: 'ann@acme.example', first_name: 'Ann', active: true, merged_into_id: null, created_at: '2026-03-01T09:00:00.000Z' },
    ]);
  });

  it('attaches every request to the person of its own workspace and email, losing nothing', async () => {
    const rows = await sql<{ staff_email: string; staff_first_name: string; person_email: string; same_workspace: boolean }>(
      `SELECT r.staff_email, r.staff_first_name, s.email AS person_email, s.workspace_id = r.workspace_id AS same_workspace
       FROM review_requests r JOIN staff s ON s.id = r.staff_id ORDER BY r.created_at`,
    );
    expect(rows).toEqual([
      { staff_email: 'Ann@Acme.example', staff_first_name: 'annie', person_email: 'ann@acme.example', same_workspace: true },
      { staff_email: 'bob@acme.example', staff_first_name: 'Bob', person_email: 'bob@acme.example', same_workspace: true },
      { staff_email: ' ann@acme.example', staff_first_name: 'Ann', person_email: 'ann@acme.example', same_workspace: true },
      { staff_email: 'ann@acme.example', staff_first_name: 'Ann', person_email: 'ann@acme.example', same_workspace: true },
    ]);
    const [linked] = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM reviews r JOIN review_requests q ON q.id = r.request_id WHERE r.match_status = 'auto_matched'",
    );
    expect(linked!.n).toBe(1);
  });
});

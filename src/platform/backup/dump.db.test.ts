import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { pgliteDatabase } from '../db/pglite.ts';
import { dumpDatabase } from './dump.ts';
import { DatabaseNotEmptyError, restoreDatabase, RestoreError } from './restore.ts';

const sql = <Row extends Record<string, unknown>>(database: Database, text: string, params: unknown[] = []) =>
  database.transaction((tx) => tx.query<Row>(text, params));

/** Every row of every table, as JSON, in primary-key order. */
async function contents(database: Database): Promise<Record<string, unknown[]>> {
  const tables = await sql<{ name: string }>(
    database,
    "SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace ORDER BY relname",
  );
  const all: Record<string, unknown[]> = {};
  for (const { name } of tables) all[name] = (await sql<{ row: unknown }>(database, `SELECT to_jsonb(t) AS row FROM ${name} t ORDER BY 1`)).map((r) => r.row);
  return all;
}

describe('a backup', () => {
  let source: Database;
  let target: Database;

  beforeAll(async () => {
    [source, target] = [pgliteDatabase(await PGlite.create()), pgliteDatabase(await PGlite.create())];
    await migrate(source);
    const [{ id: workspace }] = (await sql<{ id: number }>(
      source,
      "INSERT INTO workspaces (slug, business_name, admin_email, staff_password_hash, admin_password_hash) VALUES ('acme', 'O''Brien & Sons — Café', 'a@b.co', 'x', 'y') RETURNING id",
    )) as [{ id: number }];
    await sql(source, "INSERT INTO logos (workspace_id, content_type, data) VALUES ($1, 'image/png', '\\x00ff5c27'::bytea)", [workspace]);
    // Staff merged into a person created after them: the self-reference points forward.
    const [ann, bob] = await sql<{ id: number }>(
      source,
      "INSERT INTO staff (workspace_id, email, first_name) VALUES ($1, 'ann@acme.example', 'Ann'), ($1, 'bob@acme.example', 'Bob') RETURNING id",
      [workspace],
    );
    await sql(source, 'UPDATE staff SET merged_into_id = $1 WHERE id = $2', [bob!.id, ann!.id]);
    await sql(
      source,
      "INSERT INTO reviews (workspace_id, kind, source, external_id, rating, create_time, match_evidence) VALUES ($1, 'google', 'google', 'g-1', 5, now(), '{\"why\": \"line\\nbreak\"}')",
      [workspace],
    );
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  it('restores every row of every table, and the sequences go on from where they were', async () => {
    const { sql: backup, rows } = await dumpDatabase(source);
    expect(rows).toBeGreaterThan(readMigrations().length);
    expect(await restoreDatabase(target, backup)).toEqual({ workspaces: 1 });
    expect(await contents(target)).toEqual(await contents(source));
    const next = async (database: Database) =>
      (
        await sql<{ id: number }>(
          database,
          "INSERT INTO staff (workspace_id, email, first_name) SELECT id, 'cy@acme.example', 'Cy' FROM workspaces RETURNING id",
        )
      )[0]!.id;
    expect(await next(target)).toBe(await next(source));
  });

  it('is refused by a database that already has data, and a file that is not a backup is refused', async () => {
    const { sql: backup } = await dumpDatabase(source);
    await expect(restoreDatabase(source, backup)).rejects.toThrow(DatabaseNotEmptyError);
    await expect(restoreDatabase(source, 'DROP TABLE workspaces;')).rejects.toThrow(RestoreError);
  });
});

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { pgliteDatabase } from './pglite.ts';
import { workspaces } from './schema.ts';
import { unitWorkspace } from '../testing/unit-data.ts';

let pg: PGlite;
let database: Database;

beforeEach(async () => {
  pg = await PGlite.create();
  database = pgliteDatabase(pg);
  await migrate(database);
});

afterEach(async () => {
  await database.close();
});

describe('pgliteDatabase', () => {
  it('reads dates and times as each of its users expects them: drizzle, raw SQL and the job queue', async () => {
    const workspace = await unitWorkspace(database.db);
    const [row] = await database.db.select({ createdAt: workspaces.createdAt }).from(workspaces).where(sql`${workspaces.id} = ${workspace.id}`);
    expect(row!.createdAt).toBeInstanceOf(Date);
    const raw = (await database.db.execute(sql`SELECT timestamptz '2026-11-26 10:00:00+00' AS at, date '2026-11-26' AS day`)) as unknown as {
      rows: { at: unknown; day: unknown }[];
    };
    expect(raw.rows[0]).toEqual({ at: '2026-11-26 10:00:00+00', day: '2026-11-26' });
    const inTransaction = await database.transaction((tx) => tx.query<{ at: unknown }>("SELECT timestamptz '2026-11-26 10:00:00+00' AS at"));
    expect(inTransaction[0]!.at).toEqual(new Date('2026-11-26T10:00:00Z'));
    const queue = await database.jobStore.db!.executeSql("SELECT timestamptz '2026-11-26 10:00:00+00' AS at, $1::int AS n", [1]);
    expect(queue.rows[0]).toEqual({ at: new Date('2026-11-26T10:00:00Z'), n: 1 });
  });

  it('keeps them when the same instance is wrapped again', async () => {
    const again = pgliteDatabase(pg);
    const inTransaction = await again.transaction((tx) => tx.query<{ at: unknown }>("SELECT timestamptz '2026-11-26 10:00:00+00' AS at"));
    expect(inTransaction[0]!.at).toEqual(new Date('2026-11-26T10:00:00Z'));
  });

  it('keeps those parsers inside a drizzle transaction too', async () => {
    const rows = await database.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`SELECT timestamptz '2026-11-26 10:00:00+00' AS at`)) as unknown as { rows: { at: unknown }[] };
      return result.rows;
    });
    expect(rows).toEqual([{ at: '2026-11-26 10:00:00+00' }]);
  });
});

import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './database.ts';
import { pgliteDatabase } from './pglite.ts';
import { workspaces } from './schema.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { migratedMemoryPglite } from '#testing/unit-database.ts';

let pg: PGlite;
let database: Database;

beforeEach(async () => {
  pg = await migratedMemoryPglite();
  database = pgliteDatabase(pg);
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

  it('hands a notice to every listener of its channel, on every wrapping of the instance, until each stops', async () => {
    const heard: string[] = [];
    const stopFirst = await database.listen('live', (payload) => heard.push(`first ${payload}`));
    await database.listen('live', () => {
      throw new Error('a listener that fails');
    });
    await pgliteDatabase(pg).listen('live', (payload) => heard.push(`second ${payload}`));
    await database.listen('other', (payload) => heard.push(`other ${payload}`));
    const written = quietLog();
    await pgliteDatabase(pg).notify('live', 'one');
    await stopFirst();
    await database.notify('live', 'two');
    written.restore();
    expect(heard).toEqual(['first one', 'second one', 'second two']);
    expect(written.lines.filter((line) => line.msg === 'A listener of live failed')).toHaveLength(2);
  });
});

function quietLog() {
  const lines: { msg: string }[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => lines.push(JSON.parse(String(chunk))) > 0);
  return { lines, restore: () => spy.mockRestore() };
}

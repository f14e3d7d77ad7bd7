import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepStatementsPrepared } from './pglite-statements.ts';

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  keepStatementsPrepared(pg, 4);
});
afterAll(() => pg.close());
beforeEach(async () => {
  await pg.exec('DROP TABLE IF EXISTS things; CREATE TABLE things (id serial PRIMARY KEY, name text UNIQUE, at timestamptz, tags text[], data jsonb)');
});

const statements = async () =>
  (await pg.query<{ statement: string; generic_plans: number }>('SELECT statement, generic_plans FROM pg_prepared_statements ORDER BY prepare_time')).rows;
const preparedFor = async (text: string) => (await statements()).filter((s) => s.statement === text);

const INSERT = 'INSERT INTO things (name, at, tags, data) VALUES ($1, $2, $3, $4) RETURNING id, at, tags, data';
const BY_NAME = 'SELECT id, name, at, tags, data FROM things WHERE name = $1';

describe('keepStatementsPrepared', () => {
  it('prepares a text once, plans it once, and answers every run with its own values', async () => {
    const at = new Date('2026-11-27T09:30:00Z');
    for (let i = 0; i < 8; i++) {
      const { rows } = await pg.query(INSERT, [`thing ${i}`, at, ['a', `t${i}`], { n: i }]);
      expect(rows).toEqual([{ id: i + 1, at, tags: ['a', `t${i}`], data: { n: i } }]);
    }
    for (let i = 0; i < 8; i++) {
      expect((await pg.query(BY_NAME, [`thing ${i}`])).rows).toEqual([{ id: i + 1, name: `thing ${i}`, at, tags: ['a', `t${i}`], data: { n: i } }]);
    }
    expect(await preparedFor(INSERT)).toHaveLength(1);
    const [byName] = await preparedFor(BY_NAME);
    // PostgreSQL plans a prepared statement with its values five times, then once for all.
    expect(byName!.generic_plans).toBeGreaterThan(0);
  });

  it('answers an error as PGlite does, and the same statement runs again after it', async () => {
    await pg.query(INSERT, ['one', null, null, null]);
    await expect(pg.query(INSERT, ['one', null, null, null])).rejects.toThrow(/duplicate key value violates unique constraint/);
    expect((await pg.query(INSERT, ['two', null, null, null])).rows).toHaveLength(1);
    expect(await preparedFor(INSERT)).toHaveLength(1);
  });

  it('keeps no statement for a text that does not parse', async () => {
    const before = (await statements()).length;
    await expect(pg.query('SELEC 1')).rejects.toThrow(/syntax error/);
    expect((await statements()).length).toBe(before);
    expect((await pg.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
  });

  it('reports a failed transaction as PostgreSQL does, and runs the statement again after the rollback', async () => {
    await pg.query(BY_NAME, ['warm']);
    await pg.exec('BEGIN');
    await expect(pg.query('SELECT 1 / 0')).rejects.toThrow(/division by zero/);
    await expect(pg.query(BY_NAME, ['warm'])).rejects.toThrow(/current transaction is aborted/);
    await pg.exec('ROLLBACK');
    expect((await pg.query(BY_NAME, ['warm'])).rows).toEqual([]);
  });

  it('keeps a statement prepared in a transaction that was rolled back', async () => {
    const text = 'SELECT count(*)::int AS n FROM things WHERE name <> $1';
    await pg.transaction(async (tx) => {
      await tx.query(INSERT, ['in a transaction', null, null, null]);
      expect((await tx.query(text, ['x'])).rows).toEqual([{ n: 1 }]);
      await tx.rollback();
    });
    expect((await pg.query(text, ['x'])).rows).toEqual([{ n: 0 }]);
    expect(await preparedFor(text)).toHaveLength(1);
  });

  it('prepares again a statement whose result a change of table no longer fits', async () => {
    const text = 'SELECT * FROM things WHERE id > $1';
    await pg.query(INSERT, ['before', null, null, null]);
    expect((await pg.query(text, [0])).fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'tags', 'data']);
    await pg.exec('ALTER TABLE things ADD COLUMN colour text');
    // PostgreSQL refuses the old statement once; its next run is prepared afresh.
    await expect(pg.query(text, [0])).rejects.toThrow(/cached plan must not change result type/);
    expect((await pg.query(text, [0])).fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'tags', 'data', 'colour']);
  });

  it('closes the statement used longest ago past its limit, and prepares it again when it comes back', async () => {
    const texts = Array.from({ length: 6 }, (_, i) => `SELECT $1::int + ${i} AS n`);
    for (const [i, text] of texts.entries()) expect((await pg.query(text, [10])).rows).toEqual([{ n: 10 + i }]);
    // A statement past the limit is closed with the next one prepared: four kept, and one on its way out.
    await pg.query('SELECT 2 AS n');
    const kept = (await statements()).map((s) => s.statement);
    expect(kept.length).toBeLessThanOrEqual(5);
    expect(kept).not.toContain(texts[0]);
    expect((await pg.query(texts[0]!, [1])).rows).toEqual([{ n: 1 }]);
  });

  it('leaves simple queries and several statements in one text alone', async () => {
    const results = await pg.exec("INSERT INTO things (name) VALUES ('a'); SELECT name FROM things");
    expect(results[1]!.rows).toEqual([{ name: 'a' }]);
    expect((await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM things')).rows).toEqual([{ n: 1 }]);
  });
});

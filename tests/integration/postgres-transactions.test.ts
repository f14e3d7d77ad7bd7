import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { beginOnReserved } from '#platform/db/postgres.ts';
import { databaseKind } from '../helpers/database.ts';

// postgres.js 3.4.9 marks a `sql.begin` connection as the transaction's only after BEGIN is written,
// and skips the mark when BEGIN fills the connection's pipeline: UNSAFE_TRANSACTION, and the
// connection left in its transaction goes back to the pool (porsager/postgres#823, #1189). A kill -9
// burst on the CRM webhook met it as a 500. `max_pipeline: 0` makes every BEGIN fill the pipeline.
describe.runIf(databaseKind === 'postgres')('transactions on PostgreSQL', () => {
  it('begin on a connection reserved first, where sql.begin at a full pipeline fails', async () => {
    // max_pipeline is an option of postgres.js that its type declarations leave out.
    const sql = postgres(process.env.TEST_DATABASE_URL!, { max: 2, max_pipeline: 0, onnotice: () => {} } as postgres.Options<{}>);
    try {
      await expect(sql.begin((tx) => tx`SELECT 1`)).rejects.toMatchObject({ code: 'UNSAFE_TRANSACTION' });
      const [row] = await beginOnReserved(sql, async (tx) => tx`SELECT txid_current_if_assigned() IS NULL AS fresh, 2 AS two`);
      expect(row).toEqual({ fresh: true, two: 2 });
      // Committed work stays; a failure rolls back, a savepoint's failure only its own part.
      const table = `tx_check_${process.pid}`;
      await sql.unsafe(`CREATE TABLE ${table} (n int)`);
      try {
        await beginOnReserved(sql, async (tx) => {
          await tx.unsafe(`INSERT INTO ${table} VALUES (1)`);
          await (tx as postgres.Sql & { savepoint(fn: (s: postgres.Sql) => Promise<unknown>): Promise<unknown> })
            .savepoint(async (s) => {
              await s.unsafe(`INSERT INTO ${table} VALUES (2)`);
              throw new Error('only the savepoint goes');
            })
            .catch(() => {});
        });
        await expect(
          beginOnReserved(sql, async (tx) => {
            await tx.unsafe(`INSERT INTO ${table} VALUES (3)`);
            throw new Error('all of it goes');
          }),
        ).rejects.toThrow('all of it goes');
        expect((await sql.unsafe(`SELECT n FROM ${table} ORDER BY n`)).map((r) => r.n)).toEqual([1]);
        // No connection was left in a transaction: a plain query sees none.
        expect((await sql`SELECT txid_current_if_assigned() IS NULL AS fresh`)[0]).toEqual({ fresh: true });
      } finally {
        await sql.unsafe(`DROP TABLE ${table}`);
      }
    } finally {
      await sql.end({ timeout: 2 });
    }
  });
});

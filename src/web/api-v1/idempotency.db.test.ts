import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { json } from '../http.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { withIdempotency } from './idempotency.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

let database: Database;
beforeAll(async () => {
  database = await migratedMemoryDatabase();
});
afterAll(() => database.close());

const post = (key: string | null, body: unknown) =>
  new Request('http://x.test/api/v1/reviews', { method: 'POST', body: JSON.stringify(body), headers: key ? { 'idempotency-key': key } : {} });

describe('withIdempotency', () => {
  it('runs once per key and body, replays the answer, refuses another body', async () => {
    const workspace = await unitWorkspace(database.db);
    let runs = 0;
    const create = async () => json({ id: ++runs }, 201);
    const first = await withIdempotency(database.db, workspace.id, post('k-1', { a: 1 }), create);
    const again = await withIdempotency(database.db, workspace.id, post('k-1', { a: 1 }), create);
    expect(runs).toBe(1);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const other = await withIdempotency(database.db, workspace.id, post('k-1', { a: 2 }), create);
    expect(other.status).toBe(422);
    // Keys are per workspace; no key, no memory.
    const elsewhere = await unitWorkspace(database.db);
    expect((await withIdempotency(database.db, elsewhere.id, post('k-1', { a: 1 }), create)).status).toBe(201);
    await withIdempotency(database.db, workspace.id, post(null, { a: 1 }), create);
    expect(runs).toBe(3);
  });

  it('lets only one of two concurrent duplicates run, and forgets a key whose request failed', async () => {
    const workspace = await unitWorkspace(database.db);
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return json({ id: runs }, 201);
    };
    const [a, b] = await Promise.all([
      withIdempotency(database.db, workspace.id, post('k-2', {}), slow),
      withIdempotency(database.db, workspace.id, post('k-2', {}), slow),
    ]);
    expect(runs).toBe(1);
    expect([a.status, b.status].sort()).toEqual([201, 409]);

    await expect(withIdempotency(database.db, workspace.id, post('k-3', {}), () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await withIdempotency(database.db, workspace.id, post('k-3', {}), slow)).status).toBe(201);
    expect((await withIdempotency(database.db, workspace.id, post(' ', {}), slow)).status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database.ts';
import { pgliteDatabase } from './pglite.ts';

let database: Database;
const workspaceId = 42;
beforeAll(async () => {
  database = pgliteDatabase(await PGlite.create());
});
afterAll(() => database.close());

describe('withTryLock on the embedded database', () => {
  it('lets one holder in at a time and frees the lock afterwards', async () => {
    let release!: () => void;
    const first = database.withTryLock(1, workspaceId, () => new Promise<string>((resolve) => (release = () => resolve('first'))));
    expect(await database.withTryLock(1, workspaceId, async () => 'second')).toEqual({ acquired: false });
    expect(await database.withTryLock(1, workspaceId + 1, async () => 'other workspace')).toEqual({ acquired: true, value: 'other workspace' });
    release();
    expect(await first).toEqual({ acquired: true, value: 'first' });
    expect(await database.withTryLock(1, workspaceId, async () => 'again')).toEqual({ acquired: true, value: 'again' });
  });
});

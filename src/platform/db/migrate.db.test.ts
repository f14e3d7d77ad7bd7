import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';
import type { Database } from './database.ts';
import { migrate, readMigrations } from './migrate.ts';

// A start says which migrations it is about to apply, before they take their time (issue 33).
let database: Database;
beforeAll(async () => {
  database = await migratedMemoryDatabase();
});
afterAll(() => database?.close());

describe('migrate', () => {
  it('names the migrations it is about to apply, and says nothing when none is left', async () => {
    const added = { name: '9999_a_later_migration.sql', sql: 'CREATE TABLE a_later_table (id integer)' };
    const heard: string[][] = [];
    const onPending = (names: string[]) => heard.push(names);
    expect(await migrate(database, [...readMigrations(), added], { onPending })).toEqual([added.name]);
    expect(heard).toEqual([[added.name]]);
    expect(await migrate(database, [...readMigrations(), added], { onPending })).toEqual([]);
    expect(heard).toHaveLength(1);
  });
});

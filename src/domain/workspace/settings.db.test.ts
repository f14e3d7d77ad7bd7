import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { settings } from '#platform/db/schema.ts';
import { listSettings, readSettings, updateSetting } from './settings.ts';
import { registerWorkspace } from './workspaces.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

describe('settings in the database', () => {
  let database: Database;
  let workspace: { id: number; createdAt: Date };
  beforeAll(async () => {
    // Its own in-memory database (the integration suites cover PostgreSQL through the API).
    database = await migratedMemoryDatabase();
    workspace = (await registerWorkspace(
      database.db,
      { slug: 'settings-unit', businessName: 'Acme', email: 'a@b.co', password: 'staff-pass', adminPassword: 'admin-pass' },
      'free',
    ))!;
  });
  afterAll(() => database.close());

  it('stores known keys in their normal form and refuses bad values', async () => {
    expect(await updateSetting(database, workspace.id, 'timezone', 'utc')).toMatchObject({ ok: true, setting: { key: 'timezone', value: 'UTC' } });
    expect(await updateSetting(database, workspace.id, 'target_reviews', '0')).toEqual({
      ok: false,
      message: 'Target reviews must be a whole number from 1 to 100000',
      field: 'value',
    });
    expect(await updateSetting(database, workspace.id, 'bad-key', 'x')).toMatchObject({ ok: false, field: 'key' });
    expect(await updateSetting(database, workspace.id, 'gmb_refresh_token', 'x')).toMatchObject({ ok: false, field: 'key' });
    expect((await readSettings(database.db, workspace.id, ['timezone', 'target_reviews'])).get('target_reviews')).toBe('120');
  });

  it('says whether a stored change moves the dashboard', async () => {
    const first = await updateSetting(database, workspace.id, 'target_reviews', '200');
    expect(first).toMatchObject({ ok: true, movesDashboard: true });
    const same = await updateSetting(database, workspace.id, 'target_reviews', '200');
    expect(same).toMatchObject({ ok: true, movesDashboard: false });
    const other = await updateSetting(database, workspace.id, 'google_review_link', 'https://g.page/r/x');
    expect(other).toMatchObject({ ok: true, movesDashboard: false });
  });

  it('lists settings sorted by key with secrets masked', async () => {
    await database.db.insert(settings).values({ workspaceId: workspace.id, key: 'gmb_refresh_token', value: 'tok' });
    const listed = await listSettings(database.db, workspace.id);
    expect(listed.map((s) => s.key)).toEqual([...listed.map((s) => s.key)].sort());
    expect(listed).toContainEqual({ key: 'gmb_refresh_token', value: 'connected' });
  });
});

import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database, Db } from '#platform/db/database.ts';
import { announceDataChange } from '#platform/live/publish.ts';
import { settings } from '#platform/db/schema.ts';
import { addUnderCap } from '#platform/db/workspace-cap.ts';
import {
  checkSettingValue,
  DASHBOARD_SETTING_KEYS,
  isSettingKey,
  SECRET_SETTING_KEYS,
  SECRET_SETTING_MASK,
  SETTING_KEY_INVALID,
  SETTING_SECRET_READ_ONLY,
} from '#shared/settings-rules.ts';
import { TARGET_SET_KEY } from '#shared/target.ts';

/** The named settings of a workspace that exist, as a key -> value map. */
export async function readSettings(db: Db, workspaceId: number, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.workspaceId, workspaceId), inArray(settings.key, keys)));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Stores a setting as given, with no check: for values the server itself produced. */
export async function putSetting(db: Db, workspaceId: number, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ workspaceId, key, value })
    .onConflictDoUpdate({ target: [settings.workspaceId, settings.key], set: { value } });
}

export interface Setting {
  key: string;
  value: string;
}

/** Every setting of a workspace, sorted by key, secrets masked (DESIGN.md "Settings"). */
export async function listSettings(db: Db, workspaceId: number): Promise<Setting[]> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.workspaceId, workspaceId))
    .orderBy(asc(settings.key));
  return rows
    .map((row) => (SECRET_SETTING_KEYS.has(row.key) ? { key: row.key, value: row.value ? SECRET_SETTING_MASK : '' } : row))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export type SettingUpdate = { ok: true; setting: Setting; movesDashboard: boolean } | { ok: false; message: string; field: 'key' | 'value' };

/** Settings keys a workspace may have: far more than the product uses, and no more. */
export const MAX_SETTINGS = 100;

/** Checks and stores one setting (creating it when new). */
async function storeSetting(db: Db, workspaceId: number, key: string, value: string): Promise<SettingUpdate> {
  if (!isSettingKey(key)) return { ok: false, message: SETTING_KEY_INVALID, field: 'key' };
  if (SECRET_SETTING_KEYS.has(key)) return { ok: false, message: SETTING_SECRET_READ_ONLY, field: 'key' };
  const checked = checkSettingValue(key, value);
  if (!checked.ok) return { ok: false, message: checked.message, field: 'value' };
  const [previous] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.workspaceId, workspaceId), eq(settings.key, key)));
  if (previous) await putSetting(db, workspaceId, key, checked.value);
  else {
    const added = await addUnderCap(
      db,
      workspaceId,
      MAX_SETTINGS,
      async (tx) => (await tx.select({ n: count() }).from(settings).where(eq(settings.workspaceId, workspaceId)))[0]?.n ?? 0,
      (tx) => putSetting(tx, workspaceId, key, checked.value),
    );
    if (!added.ok) return { ok: false, message: `A workspace can have at most ${MAX_SETTINGS} settings`, field: 'key' };
  }
  // The set-up checklist's "Set a target" is done once an admin saved one, even the default (issue 33).
  if (key === 'target_reviews') await putSetting(db, workspaceId, TARGET_SET_KEY, 'yes');
  return {
    ok: true,
    setting: { key, value: checked.value },
    movesDashboard: DASHBOARD_SETTING_KEYS.has(key) && previous?.value !== checked.value,
  };
}

/** Stores a setting (see storeSetting); one that moves the dashboard is announced to every screen. */
export async function updateSetting(database: Database, workspaceId: number, key: string, value: string): Promise<SettingUpdate> {
  const result = await storeSetting(database.db, workspaceId, key, value);
  if (result.ok && result.movesDashboard) await announceDataChange(database, workspaceId);
  return result;
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { workspaces } from '#platform/db/schema.ts';

// What the wallboard counts of a workspace's requests (by team, person and challenge week) changes
// only when a request is written, never when a review arrives; yet every review's dashboard counted
// them again from every request of the challenge (the costliest statement of a review's whole path).
// The database moves workspaces.requests_version on every write to review_requests
// (migrations/0030_requests_version.sql), so a count read once is used again until it moves: one
// read of a number instead of a scan of the requests.

interface Kept {
  version: string;
  /** What the count was read for (its window, its time zone): read again when they differ. */
  params: string;
  value: Promise<unknown>;
}

/** Per database (a test process opens several, with the same workspace ids), per workspace and count. */
const keptCounts = new WeakMap<Db, Map<string, Kept>>();

/**
 * The counts kept per database, the least recently used dropped first (a count is a row per team,
 * person, week and lag): a server of many workspaces keeps those whose screens are watched, not every
 * workspace it ever counted.
 */
export const KEPT_COUNTS_MAX = 2_000;

/**
 * `load`'s answer, used again while the workspace's requests are unchanged and `params` the same.
 * The version is read before the count: a request written between the two moves it, so the count
 * kept under the older version is read again next time, never kept past a change. The answer is
 * shared by every caller: it must not be changed.
 */
export async function whileRequestsUnchanged<T>(db: Db, workspaceId: number, what: string, params: string, load: () => PromiseLike<T>): Promise<T> {
  const [row] = await db
    .select({ version: sql<string>`${workspaces.requestsVersion}::text` })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row) return load();
  let counts = keptCounts.get(db);
  if (!counts) keptCounts.set(db, (counts = new Map()));
  const key = `${workspaceId}:${what}`;
  const found = counts.get(key);
  if (found) counts.delete(key);
  if (found && found.version === row.version && found.params === params) {
    // Last in the map's order: the most recently used.
    counts.set(key, found);
    return found.value as Promise<T>;
  }
  // Once: a query builder is a thenable that runs its query again each time it is awaited.
  const value = Promise.resolve(load());
  const kept: Kept = { version: row.version, params, value };
  counts.set(key, kept);
  if (counts.size > KEPT_COUNTS_MAX) counts.delete(counts.keys().next().value!);
  // A failed read is not kept.
  value.catch(() => counts.get(key) === kept && counts.delete(key));
  return value;
}

import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { workspaces } from './schema.ts';

export type Capped<T> = { ok: true; value: T } | { ok: false; problem: 'not_found' | 'limit_reached' };

/**
 * Adds something a workspace may have only `limit` of. The count and the insert run in one
 * transaction holding the workspace row's lock (FOR NO KEY UPDATE: it serialises these adds without
 * blocking the workspace's other writes), so two adds at once cannot both see room for one.
 */
export function addUnderCap<T>(
  db: Db,
  workspaceId: number,
  limit: number,
  countExisting: (tx: Db) => Promise<number>,
  add: (tx: Db) => Promise<T>,
): Promise<Capped<T>> {
  return db.transaction(async (tx): Promise<Capped<T>> => {
    const [workspace] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('no key update');
    if (!workspace) return { ok: false, problem: 'not_found' };
    if ((await countExisting(tx)) >= limit) return { ok: false, problem: 'limit_reached' };
    return { ok: true, value: await add(tx) };
  });
}

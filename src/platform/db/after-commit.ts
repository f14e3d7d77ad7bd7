import type { Db } from './database.ts';
import { logError } from '../log/log.ts';

// Work this process does once a transaction has committed (decision 073): what must not happen if the
// change rolls back, nor wait inside it, and whose own record was written in it (a delivery's row), so
// that a process ending before the work is done leaves that record to be found again.

const hooksOf = new WeakMap<object, (() => void)[]>();

/**
 * Calls `hook` once `tx` commits, never when it rolls back. False when `tx` is not a transaction this
 * can follow (a savepoint inside one, or a database opened without withCommitHooks): the caller does
 * its work another way then.
 */
export function afterCommit(tx: Db, hook: () => void): boolean {
  const hooks = hooksOf.get(tx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

/** `db` whose transactions call what afterCommit was given in them, in order, once each commits. */
export function withCommitHooks(db: Db): Db {
  const open = db.transaction.bind(db);
  const transaction: Db['transaction'] = async (work, config) => {
    const hooks: (() => void)[] = [];
    const result = await open((tx) => {
      hooksOf.set(tx, hooks);
      return work(tx);
    }, config);
    for (const hook of hooks) {
      // The change is committed whatever a hook does: its failure is its own, never the caller's.
      try {
        hook();
      } catch (error) {
        logError('Work after a commit failed to start', error);
      }
    }
    return result;
  };
  return Object.assign(db, { transaction });
}

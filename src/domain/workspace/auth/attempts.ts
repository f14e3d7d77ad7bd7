import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { LOCK_SPACES, type Db } from '#platform/db/database.ts';
import { attempts } from '#platform/db/schema.ts';

// Guessing limits that hold across instances and under parallel requests: an attempt is recorded
// and counted, under a lock for its scope, before the password is checked. So of N parallel
// attempts exactly `limit` go on, on every instance together.

export interface AttemptRule {
  /** What is guarded: 'sign-in:{slug}' or 'register'. */
  scope: string;
  /** Who tries: a known browser ('device:{id}') or an address ('address:{ip}'). */
  source: string;
  /** A browser that signed in to this workspace before. */
  knownDevice?: boolean;
  /** Attempts one source may make in the window. */
  limit: number;
  /**
   * Attempts all unknown sources together may make in the window: a ceiling on guessing from
   * many addresses that known browsers (the owner's) are not held by.
   */
  scopeLimit?: number;
  windowMs: number;
}

export type Attempt = { allowed: true; id: number } | { allowed: false };

export function beginAttempt(db: Db, rule: AttemptRule, now = new Date()): Promise<Attempt> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACES.attempts}, hashtext(${rule.scope}))`);
    return countAttempt(tx, rule, now);
  });
}

async function countAttempt(db: Db, rule: AttemptRule, now: Date): Promise<Attempt> {
  const since = new Date(now.getTime() - rule.windowMs);
  const knownDevice = rule.knownDevice ?? false;
  await db.delete(attempts).where(and(eq(attempts.scope, rule.scope), lt(attempts.attemptedAt, since)));
  const [row] = await db.insert(attempts).values({ scope: rule.scope, source: rule.source, knownDevice, attemptedAt: now }).returning({ id: attempts.id });
  const id = row!.id;
  const inWindow = and(eq(attempts.scope, rule.scope), gte(attempts.attemptedAt, since));
  const [bySource] = await db
    .select({ n: count() })
    .from(attempts)
    .where(and(inWindow, eq(attempts.source, rule.source)));
  let allowed = (bySource?.n ?? 0) <= rule.limit;
  if (allowed && rule.scopeLimit !== undefined && !knownDevice) {
    const [byScope] = await db
      .select({ n: count() })
      .from(attempts)
      .where(and(inWindow, eq(attempts.knownDevice, false)));
    allowed = (byScope?.n ?? 0) <= rule.scopeLimit;
  }
  if (allowed) return { allowed: true, id };
  // A refused attempt is not kept: hammering must not grow the table.
  await forgetAttempt(db, id);
  return { allowed: false };
}

/** The attempt does not count (the password was right). */
export async function forgetAttempt(db: Db, id: number): Promise<void> {
  await db.delete(attempts).where(eq(attempts.id, id));
}

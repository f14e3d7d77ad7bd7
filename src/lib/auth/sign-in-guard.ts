import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { signInFailures } from '../db/schema.ts';

export const MAX_FAILED_SIGN_INS = 10;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed attempts. Please wait 15 minutes and try again.';

function windowStart(now: Date): Date {
  return new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS);
}

/**
 * Brute-force protection for one workspace from one address, staff and admin passwords together.
 * Kept in the database, so it holds across restarts and across instances.
 */
export async function isSignInBlocked(db: Db, slug: string, address: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ failures: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.slug, slug), eq(signInFailures.address, address), gte(signInFailures.failedAt, windowStart(now))));
  return (row?.failures ?? 0) >= MAX_FAILED_SIGN_INS;
}

export async function recordFailedSignIn(db: Db, slug: string, address: string, now = new Date()): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.failedAt, windowStart(now)));
  await db.insert(signInFailures).values({ slug, address, failedAt: now });
}

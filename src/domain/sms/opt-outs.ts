import { and, eq } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { smsOptOuts } from '#platform/db/schema.ts';

// Opt-out is the law, not a feature: a number that replied STOP (or that Twilio reports unsubscribed)
// is never texted by the workspace again until it replies START. Numbers are E.164.

export async function isOptedOut(db: Pick<Db, 'select'>, workspaceId: number, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.workspaceId, workspaceId), eq(smsOptOuts.phone, phone)));
  return Boolean(row);
}

export async function optOut(db: Db, workspaceId: number, phone: string): Promise<void> {
  await db.insert(smsOptOuts).values({ workspaceId, phone }).onConflictDoNothing();
}

export async function optIn(db: Db, workspaceId: number, phone: string): Promise<void> {
  await db.delete(smsOptOuts).where(and(eq(smsOptOuts.workspaceId, workspaceId), eq(smsOptOuts.phone, phone)));
}

import { eq } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { workspaces } from '#platform/db/schema.ts';

export interface BillingAccount {
  customerId: string | null;
  subscriptionId: string | null;
}

/** The workspace's Stripe customer and current subscription (null when the workspace is gone). */
export async function findBillingAccount(db: Db, workspaceId: number): Promise<BillingAccount | null> {
  const [row] = await db
    .select({ customerId: workspaces.stripeCustomerId, subscriptionId: workspaces.stripeSubscriptionId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row ?? null;
}

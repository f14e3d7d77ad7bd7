import { eq } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { crmWebhooks, workspaces } from '#platform/db/schema.ts';
import { workspaceColumns, type Workspace } from '#domain/workspace/workspaces.ts';
import { open, seal } from '#platform/secret-box.ts';
import { hashToken, newToken } from '#platform/tokens.ts';

/** The workspace's webhook token, made on first use; found by its hash, shown again by unsealing it. */
export async function webhookToken(db: Db, key: Buffer, workspaceId: number): Promise<string> {
  const [row] = await db.select({ sealed: crmWebhooks.tokenSealed }).from(crmWebhooks).where(eq(crmWebhooks.workspaceId, workspaceId));
  const existing = row ? open(row.sealed, key) : null;
  if (existing) return existing;
  return rotateWebhookToken(db, key, workspaceId);
}

/** A new token; the old one stops working at once. */
export async function rotateWebhookToken(db: Db, key: Buffer, workspaceId: number): Promise<string> {
  const token = newToken();
  const values = { workspaceId, tokenHash: hashToken(token), tokenSealed: seal(token, key), createdAt: new Date() };
  await db
    .insert(crmWebhooks)
    .values(values)
    .onConflictDoUpdate({
      target: crmWebhooks.workspaceId,
      set: { tokenHash: values.tokenHash, tokenSealed: values.tokenSealed, createdAt: values.createdAt },
    });
  return token;
}

/** The workspace whose webhook token this is, read with it in one statement; null for any other. */
export async function workspaceForWebhookToken(db: Db, token: string): Promise<Workspace | null> {
  if (token.length < 16 || token.length > 100) return null;
  const [row] = await db
    .select(workspaceColumns)
    .from(crmWebhooks)
    .innerJoin(workspaces, eq(workspaces.id, crmWebhooks.workspaceId))
    .where(eq(crmWebhooks.tokenHash, hashToken(token)));
  return row ?? null;
}

export function webhookUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/webhooks/crm/${token}`;
}

/** The request webhook (decision 041): the same secret, next to the review webhook. */
export function requestWebhookUrl(publicUrl: string, token: string): string {
  return `${webhookUrl(publicUrl, token)}/requests`;
}

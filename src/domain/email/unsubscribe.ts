import { and, eq } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviewRequests, unsubscribes, workspaces } from '#platform/db/schema.ts';

// A customer can stop a workspace's review requests from the email itself (List-Unsubscribe and
// List-Unsubscribe-Post, RFC 8058: mail programs offer an "Unsubscribe" button that POSTs here). The
// review link's token names the request, so the address is never in the URL.

/** The address a review-request email names in its List-Unsubscribe header, and the page a person sees. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/r/${encodeURIComponent(token)}/unsubscribe`;
}

export const LIST_UNSUBSCRIBE_POST = 'List-Unsubscribe=One-Click';

const normalised = (email: string) => email.trim().toLowerCase();

/** The business a token's request belongs to, or null for an unknown token. */
export async function unsubscribeTarget(db: Db, token: string): Promise<{ workspaceId: number; businessName: string; email: string } | null> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
  const [row] = await db
    .select({ workspaceId: reviewRequests.workspaceId, businessName: workspaces.businessName, email: reviewRequests.customerEmail })
    .from(reviewRequests)
    .innerJoin(workspaces, eq(workspaces.id, reviewRequests.workspaceId))
    .where(eq(reviewRequests.token, token));
  return row ?? null;
}

/** Unsubscribes the customer of a token's request from that workspace; false for an unknown token. */
export async function unsubscribe(db: Db, token: string): Promise<{ businessName: string } | null> {
  const target = await unsubscribeTarget(db, token);
  if (!target) return null;
  await db
    .insert(unsubscribes)
    .values({ workspaceId: target.workspaceId, email: normalised(target.email) })
    .onConflictDoNothing();
  return { businessName: target.businessName };
}

export async function isUnsubscribed(db: Db, workspaceId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: unsubscribes.email })
    .from(unsubscribes)
    .where(and(eq(unsubscribes.workspaceId, workspaceId), eq(unsubscribes.email, normalised(email))));
  return row !== undefined;
}

import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { apiKeys } from '#platform/db/schema.ts';
import type { ApiKeyScope } from '#shared/statuses.ts';
import { addUnderCap } from '#platform/db/workspace-cap.ts';

// Keys of the public API (docs/decisions/039): 256 random bits after a prefix that says what the
// string is (secret scanners and people recognise "rc_live_"). Only the SHA-256 is stored: a key
// this long needs no slow hash, and a leaked table opens nothing.

export const API_KEY_PREFIX = 'rc_live_';
/** How much of a key the admin list shows: the prefix and four characters. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;
/** A workspace's live keys, at most. */
export const MAX_API_KEYS = 25;
/** Requests a key may make per window (RateLimit-Limit). */
export const RATE_LIMIT = 120;
export const RATE_WINDOW_MS = 60_000;
/** last_used_at is written at most this often. */
const LAST_USED_EVERY_MS = 60_000;

export interface ApiKeyItem {
  id: number;
  name: string;
  scope: ApiKeyScope;
  prefix: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  lastUsedAt: string | null;
}

export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Looks like one of our keys (cheap check before any query). */
export function isApiKeyShaped(key: string): boolean {
  return key.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{40,80}$/.test(key.slice(API_KEY_PREFIX.length));
}

/** The key of an `Authorization: Bearer KEY` header, or null. */
export function bearerKey(header: string | null): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

const itemOf = (row: typeof apiKeys.$inferSelect): ApiKeyItem => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The workspace's live keys, newest first (revoked keys are gone from the list). */
export async function listApiKeys(db: Db, workspaceId: number): Promise<ApiKeyItem[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(itemOf);
}

/** A new key: the answer holds the key itself, the only time it is ever seen. Null at the limit. */
export async function createApiKey(db: Db, workspaceId: number, input: { name: string; scope: ApiKeyScope }): Promise<(ApiKeyItem & { key: string }) | null> {
  const key = newApiKey();
  const added = await addUnderCap(
    db,
    workspaceId,
    MAX_API_KEYS,
    async (tx) =>
      (
        await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
      )[0]?.n ?? 0,
    async (tx) =>
      (
        await tx
          .insert(apiKeys)
          .values({ workspaceId, name: input.name, scope: input.scope, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), keyHash: hashApiKey(key) })
          .returning()
      )[0]!,
  );
  return added.ok ? { ...itemOf(added.value), key } : null;
}

/** Revokes one of the workspace's keys; false for another workspace's id or one already revoked. */
export async function revokeApiKey(db: Db, workspaceId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length === 1;
}

export interface KeyUse {
  keyId: number;
  workspaceId: number;
  scope: ApiKeyScope;
  rate: { limit: number; remaining: number /** Seconds until the window ends. */; reset: number; exceeded: boolean };
}

/**
 * Checks a presented key and counts the request against its rate limit, in one statement: the
 * counter lives in the key's row (fixed window of RATE_WINDOW_MS), so every instance shares it.
 * last_used_at moves at most once a minute. Null for an unknown or revoked key.
 */
export async function useApiKey(db: Db, key: string, now = new Date()): Promise<KeyUse | null> {
  if (!isApiKeyShaped(key)) return null;
  const windowStart = new Date(Math.floor(now.getTime() / RATE_WINDOW_MS) * RATE_WINDOW_MS);
  const lastUsedBefore = new Date(now.getTime() - LAST_USED_EVERY_MS);
  const [row] = await db
    .update(apiKeys)
    .set({
      rateCount: sql`CASE WHEN ${apiKeys.rateWindowStart} = ${windowStart.toISOString()}::timestamptz THEN ${apiKeys.rateCount} + 1 ELSE 1 END`,
      rateWindowStart: windowStart,
      lastUsedAt: sql`CASE WHEN ${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < ${lastUsedBefore.toISOString()}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE ${apiKeys.lastUsedAt} END`,
    })
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, workspaceId: apiKeys.workspaceId, scope: apiKeys.scope, count: apiKeys.rateCount });
  if (!row) return null;
  const reset = Math.max(1, Math.ceil((windowStart.getTime() + RATE_WINDOW_MS - now.getTime()) / 1000));
  return {
    keyId: row.id,
    workspaceId: row.workspaceId,
    scope: row.scope,
    rate: { limit: RATE_LIMIT, remaining: Math.max(0, RATE_LIMIT - row.count), reset, exceeded: row.count > RATE_LIMIT },
  };
}

/** The IETF draft's RateLimit-* headers (and Retry-After once over the limit). */
export function rateLimitHeaders(rate: KeyUse['rate']): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(rate.limit),
    'ratelimit-remaining': String(rate.remaining),
    'ratelimit-reset': String(rate.reset),
    'ratelimit-policy': `${rate.limit};w=${RATE_WINDOW_MS / 1000}`,
  };
  if (rate.exceeded) headers['retry-after'] = String(rate.reset);
  return headers;
}

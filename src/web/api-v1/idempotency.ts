import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { apiIdempotency } from '#platform/db/schema.ts';
import { MAX_JSON_BODY_BYTES, readBodyUpTo } from '../http.ts';
import { asProblem, problem } from './problem.ts';

// Idempotency-Key on the public API's creates (docs/decisions/039): the first request with a key
// claims it with an insert (the primary key (workspace, key) lets only one of two concurrent
// duplicates in), does its work, then stores its answer. A retry with the same key and body gets that
// answer again (same id, no second email); with another body, 422. Keys are kept for a day.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export function requestHash(method: string, path: string, body: string | Uint8Array): string {
  return createHash('sha256').update(`${method} ${path}\n`).update(body).digest('hex');
}

export type Claim = { kind: 'none' } | { kind: 'claimed'; key: string } | { kind: 'answered'; response: Response };

/** Validates the header and claims its key; `answered` when the request must not run again. */
export async function claimIdempotencyKey(db: Db, workspaceId: number, header: string | null, hash: string, now = new Date()): Promise<Claim> {
  if (header === null) return { kind: 'none' };
  const key = header.trim();
  if (key === '' || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key)) {
    return {
      kind: 'answered',
      response: problem(400, `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`, { field: 'Idempotency-Key' }),
    };
  }
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  // Expired keys of the workspace go, this one among them, so it may be used again after a day.
  await db.delete(apiIdempotency).where(and(eq(apiIdempotency.workspaceId, workspaceId), lt(apiIdempotency.createdAt, expired)));
  const claimed = await db
    .insert(apiIdempotency)
    .values({ workspaceId, idempotencyKey: key, requestHash: hash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: apiIdempotency.idempotencyKey });
  if (claimed.length === 1) return { kind: 'claimed', key };

  const [stored] = await db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.workspaceId, workspaceId), eq(apiIdempotency.idempotencyKey, key)));
  if (!stored)
    return {
      kind: 'answered',
      response: problem(409, 'A request with this Idempotency-Key is still being answered: retry shortly', { type: 'idempotency-in-progress' }),
    };
  if (stored.requestHash !== hash) {
    return {
      kind: 'answered',
      response: problem(422, 'This Idempotency-Key was used with a different request', { field: 'Idempotency-Key', type: 'idempotency-mismatch' }),
    };
  }
  if (stored.status === null) {
    return {
      kind: 'answered',
      response: problem(409, 'A request with this Idempotency-Key is still being answered: retry shortly', {
        type: 'idempotency-in-progress',
        headers: { 'retry-after': '1' },
      }),
    };
  }
  const contentType = stored.status >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8';
  return {
    kind: 'answered',
    response: new Response(JSON.stringify(stored.response), {
      status: stored.status,
      headers: { 'content-type': contentType, 'cache-control': 'no-store', 'idempotent-replayed': 'true' },
    }),
  };
}

/**
 * Stores the answer of a claimed key. A server error is not stored: the claim is dropped, so a retry
 * runs again.
 */
export async function settleIdempotencyKey(db: Db, workspaceId: number, key: string, response: Response): Promise<void> {
  const where = and(eq(apiIdempotency.workspaceId, workspaceId), eq(apiIdempotency.idempotencyKey, key));
  if (response.status >= 500) {
    await db.delete(apiIdempotency).where(where);
    return;
  }
  let body: unknown = null;
  try {
    body = await response.clone().json();
  } catch {
    body = null;
  }
  await db
    .update(apiIdempotency)
    .set({ status: response.status, response: sql`${JSON.stringify(body)}::jsonb` })
    .where(where);
}

/** Runs a create under the request's Idempotency-Key (when it has one). */
export async function withIdempotency(db: Db, workspaceId: number, request: Request, create: () => Promise<Response>): Promise<Response> {
  const header = request.headers.get(IDEMPOTENCY_HEADER);
  if (header === null) return create();
  // The body is read from a copy (the handler parses the request itself), no further than the limit.
  const raw = await readBodyUpTo(request.clone(), MAX_JSON_BODY_BYTES).catch(() => null);
  if (raw === null) return create();
  const url = new URL(request.url);
  const claim = await claimIdempotencyKey(db, workspaceId, header, requestHash(request.method, url.pathname, raw));
  if (claim.kind === 'answered') return claim.response;
  if (claim.kind === 'none') return create();
  let response: Response;
  try {
    // Stored as it will be answered: errors as problems.
    response = await asProblem(await create());
  } catch (error) {
    await db.delete(apiIdempotency).where(and(eq(apiIdempotency.workspaceId, workspaceId), eq(apiIdempotency.idempotencyKey, claim.key)));
    throw error;
  }
  await settleIdempotencyKey(db, workspaceId, claim.key, response);
  return response;
}

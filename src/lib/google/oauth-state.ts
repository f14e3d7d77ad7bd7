import { eq, lt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/database.ts';
import { oauthStates } from '../db/schema.ts';
import { hashToken, newToken } from '../tokens.ts';

// The OAuth `state`: signed (so it names its workspace without trusting the browser), expiring, and
// single use (its nonce is deleted when the callback consumes it).

const AUDIENCE = 'gmb-oauth-state';
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

export async function createOAuthState(db: Db, workspaceId: number, key: Uint8Array): Promise<string> {
  const nonce = newToken();
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await db.insert(oauthStates).values({
    nonce: hashToken(nonce),
    workspaceId,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_SECONDS * 1000),
  });
  return new SignJWT({ nonce })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(workspaceId))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${OAUTH_STATE_TTL_SECONDS}s`)
    .sign(key);
}

/** The workspace a state was made for, once: null for a forged, expired, unknown or reused state. */
export async function consumeOAuthState(db: Db, state: string, key: Uint8Array): Promise<number | null> {
  let workspaceId: number;
  let nonce: unknown;
  try {
    const { payload } = await jwtVerify(state, key, { algorithms: ['HS256'], audience: AUDIENCE });
    workspaceId = Number(payload.sub);
    nonce = payload.nonce;
  } catch {
    return null;
  }
  if (!Number.isInteger(workspaceId) || typeof nonce !== 'string') return null;
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.nonce, hashToken(nonce)))
    .returning({ workspaceId: oauthStates.workspaceId, expiresAt: oauthStates.expiresAt });
  return row && row.workspaceId === workspaceId && row.expiresAt.getTime() > Date.now() ? workspaceId : null;
}

import { eq, lt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '#platform/db/database.ts';
import { oauthStates } from '#platform/db/schema.ts';
import { hashToken, newToken } from '#platform/tokens.ts';

// The OAuth `state`: signed (so it names its workspace without trusting the browser), expiring,
// single use (its nonce is deleted when the callback consumes it), and bound to the browser and the
// admin session that started it: a consent link an attacker made answers nothing in a victim's
// browser, which lacks the attacker's binding cookie and session.

const AUDIENCE = 'gmb-oauth-state';
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

/** Who started the consent: the admin's session, and a secret kept in that browser's cookie. */
export interface OAuthStarter {
  sessionId: string;
  browserKey: string;
}

/** A state for the consent screen, and the secret its browser must bring back to the callback. */
export async function createOAuthState(db: Db, workspaceId: number, sessionId: string, key: Uint8Array): Promise<{ state: string; browserKey: string }> {
  const nonce = newToken();
  const browserKey = newToken();
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await db.insert(oauthStates).values({
    nonce: hashToken(nonce),
    workspaceId,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_SECONDS * 1000),
  });
  const state = await new SignJWT({ nonce, sid: sessionId, bind: hashToken(browserKey) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(workspaceId))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${OAUTH_STATE_TTL_SECONDS}s`)
    .sign(key);
  return { state, browserKey };
}

/**
 * The workspace a state was made for, once: null for a forged, expired, unknown or reused state, or
 * one that another browser or another session started.
 */
export async function consumeOAuthState(db: Db, state: string, key: Uint8Array, caller: Partial<OAuthStarter>): Promise<number | null> {
  let workspaceId: number;
  let nonce: unknown;
  let started: Record<string, unknown>;
  try {
    const { payload } = await jwtVerify(state, key, { algorithms: ['HS256'], audience: AUDIENCE });
    workspaceId = Number(payload.sub);
    nonce = payload.nonce;
    started = payload;
  } catch {
    return null;
  }
  if (!Number.isInteger(workspaceId) || typeof nonce !== 'string') return null;
  if (!caller.sessionId || !caller.browserKey || started.sid !== caller.sessionId || started.bind !== hashToken(caller.browserKey)) return null;
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.nonce, hashToken(nonce)))
    .returning({ workspaceId: oauthStates.workspaceId, expiresAt: oauthStates.expiresAt });
  return row && row.workspaceId === workspaceId && row.expiresAt.getTime() > Date.now() ? workspaceId : null;
}

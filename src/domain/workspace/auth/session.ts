import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_COOKIE = 'rc_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** What a signed-in browser has. The admin right lives in the server's session record. */
export interface Session {
  /** The session record's key (SHA-256 of the id the cookie carries). */
  id: string;
  workspaceId: number;
  slug: string;
  admin: boolean;
}

/** What the cookie carries: a signed session id, meaningful only while its record exists. */
export interface SessionToken {
  sessionId: string;
  workspaceId: number;
}

export function sessionKey(appSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', appSecret, 'review-challenge', 'session-signing', 32));
}

export async function signSessionToken(token: SessionToken, key: Uint8Array): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(token.workspaceId))
    .setJti(token.sessionId)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(key);
}

/** The session id in a cookie, or null when it is missing, forged, malformed or expired. */
export async function readSessionToken(token: string | undefined, key: Uint8Array): Promise<SessionToken | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const workspaceId = Number(payload.sub);
    if (!Number.isInteger(workspaceId) || typeof payload.jti !== 'string' || payload.jti.length < 16) return null;
    return { sessionId: payload.jti, workspaceId };
  } catch {
    return null;
  }
}

export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge: SESSION_TTL_SECONDS };
}

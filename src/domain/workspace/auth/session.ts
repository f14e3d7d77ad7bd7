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

/**
 * Cookies whose signature was checked, with what they carry and when they expire, per key: a screen
 * sends the same cookie with every request, and the check (WebCrypto's HMAC) was about a fifth of a
 * millisecond of each. The session record is still read every time (resumeSession): a signed-out
 * session ends there. Emptied when it holds VERIFIED_MAX.
 */
const verified = new WeakMap<Uint8Array, Map<string, { token: SessionToken; expiresAt: number }>>();
const VERIFIED_MAX = 10_000;

/** The session id in a cookie, or null when it is missing, forged, malformed or expired. */
export async function readSessionToken(token: string | undefined, key: Uint8Array): Promise<SessionToken | null> {
  if (!token) return null;
  let known = verified.get(key);
  const seen = known?.get(token);
  if (seen) return seen.expiresAt > Date.now() ? seen.token : null;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const workspaceId = Number(payload.sub);
    if (!Number.isInteger(workspaceId) || typeof payload.jti !== 'string' || payload.jti.length < 16) return null;
    const read = { sessionId: payload.jti, workspaceId };
    // Ours always carry an expiry; one without is checked again next time.
    if (payload.exp !== undefined) {
      if (!known) verified.set(key, (known = new Map()));
      if (known.size >= VERIFIED_MAX) known.clear();
      known.set(token, { token: read, expiresAt: payload.exp * 1000 });
    }
    return read;
  } catch {
    return null;
  }
}

export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge: SESSION_TTL_SECONDS };
}

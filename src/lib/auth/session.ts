import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_COOKIE = 'rc_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** What a signed-in browser carries. The admin right lives here, decided by the server. */
export interface Session {
  workspaceId: number;
  slug: string;
  admin: boolean;
}

export function sessionKey(appSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', appSecret, 'review-challenge', 'session-signing', 32));
}

export async function signSession(session: Session, key: Uint8Array): Promise<string> {
  return new SignJWT({ slug: session.slug, admin: session.admin })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(session.workspaceId))
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(key);
}

/** The session in a token, or null when the token is missing, forged, malformed or expired. */
export async function readSession(token: string | undefined, key: Uint8Array): Promise<Session | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const workspaceId = Number(payload.sub);
    if (!Number.isInteger(workspaceId) || typeof payload.slug !== 'string') return null;
    return { workspaceId, slug: payload.slug, admin: payload.admin === true };
  } catch {
    return null;
  }
}

export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge: SESSION_TTL_SECONDS };
}

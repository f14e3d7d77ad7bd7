import { jwtVerify, SignJWT } from 'jose';
import { newToken } from '#platform/tokens.ts';

// A browser that signed in to a workspace once is known to it: its password attempts are counted for
// that browser, not for its address, and never against the workspace-wide ceiling. So a stranger
// guessing from the same office network, or from many addresses, cannot lock the owner out.

export const DEVICE_COOKIE = 'rc_device';
const DEVICE_TTL_SECONDS = 400 * 24 * 60 * 60;
/** A browser remembers this many workspaces at most (the latest ones). */
const MAX_WORKSPACES = 20;

export interface KnownDevice {
  id: string;
  workspaceIds: number[];
}

export async function readKnownDevice(cookie: string | undefined, key: Uint8Array): Promise<KnownDevice | null> {
  if (!cookie) return null;
  try {
    const { payload } = await jwtVerify(cookie, key, { algorithms: ['HS256'], audience: 'device' });
    const ids = Array.isArray(payload.ws) ? payload.ws.filter((id): id is number => Number.isInteger(id)) : [];
    return typeof payload.sub === 'string' ? { id: payload.sub, workspaceIds: ids } : null;
  } catch {
    return null;
  }
}

/** The cookie value after a successful sign-in to `workspaceId`. */
export async function rememberDevice(device: KnownDevice | null, workspaceId: number, key: Uint8Array): Promise<string> {
  const workspaceIds = [...(device?.workspaceIds ?? []).filter((id) => id !== workspaceId), workspaceId].slice(-MAX_WORKSPACES);
  return new SignJWT({ ws: workspaceIds })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(device?.id ?? newToken())
    .setAudience('device')
    .setExpirationTime(`${DEVICE_TTL_SECONDS}s`)
    .sign(key);
}

export function deviceCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge: DEVICE_TTL_SECONDS };
}

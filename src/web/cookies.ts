import type { Db } from '#platform/db/database.ts';
import { deviceCookieOptions, DEVICE_COOKIE, readKnownDevice, rememberDevice, type KnownDevice } from '#domain/workspace/auth/known-device.ts';
import { SESSION_COOKIE, sessionCookieOptions } from '#domain/workspace/auth/session.ts';
import { startSession } from '#domain/workspace/auth/session-store.ts';

/** What the routes' cookie jar offers (Astro's AstroCookies). */
export interface CookieJar {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: Record<string, unknown>): void;
  delete(name: string, options: { path: string }): void;
}

/** Cookies are Secure when the request came over HTTPS or the product is served on https. */
function secure(url: URL, publicUrl: string): boolean {
  return url.protocol === 'https:' || publicUrl.startsWith('https:');
}

export function knownDevice(cookies: CookieJar, key: Uint8Array): Promise<KnownDevice | null> {
  return readKnownDevice(cookies.get(DEVICE_COOKIE)?.value, key);
}

/** A successful sign-in: a new session, and this browser known to the workspace from now on. */
export async function signIn(
  request: { cookies: CookieJar; url: URL },
  runtime: { database: { db: Db }; sessionKey: Uint8Array; config: { publicUrl: string } },
  workspaceId: number,
  admin: boolean,
  device: KnownDevice | null,
): Promise<void> {
  const isSecure = secure(request.url, runtime.config.publicUrl);
  const session = await startSession(runtime.database.db, runtime.sessionKey, workspaceId, admin);
  request.cookies.set(SESSION_COOKIE, session, sessionCookieOptions(isSecure));
  request.cookies.set(DEVICE_COOKIE, await rememberDevice(device, workspaceId, runtime.sessionKey), deviceCookieOptions(isSecure));
}

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

/**
 * The page a signed-out visitor asked for, kept for the sign-in page that the redirect rules send them
 * to (SPEC.md: /login?slug={slug}, nothing else in the address). The #fragment needs no keeping: the
 * browser carries it through the redirect (issue 33, item 6).
 */
export const AFTER_SIGN_IN_COOKIE = 'rc_after_sign_in';
const AFTER_SIGN_IN_PATH = '/login';
const AFTER_SIGN_IN_TTL_SECONDS = 10 * 60;
/** Longer addresses are not kept: the sign-in then goes to the wallboard, as before. */
const AFTER_SIGN_IN_MAX = 500;

export function rememberAfterSignIn(cookies: CookieJar, url: URL, publicUrl: string): void {
  const asked = url.pathname + url.search;
  if (asked.length > AFTER_SIGN_IN_MAX) return;
  cookies.set(AFTER_SIGN_IN_COOKIE, asked, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(url, publicUrl),
    path: AFTER_SIGN_IN_PATH,
    maxAge: AFTER_SIGN_IN_TTL_SECONDS,
  });
}

/** The page kept by rememberAfterSignIn, once: the cookie goes as it is read. Checked again by afterSignInPath. */
export function takeAfterSignIn(cookies: CookieJar): string | null {
  const asked = cookies.get(AFTER_SIGN_IN_COOKIE)?.value ?? null;
  if (asked !== null) cookies.delete(AFTER_SIGN_IN_COOKIE, { path: AFTER_SIGN_IN_PATH });
  return asked && asked.length <= AFTER_SIGN_IN_MAX ? asked : null;
}

import { sessionCookieOptions } from './session.ts';

/** The session cookie is Secure when the request came over HTTPS or the product is served on https. */
export function cookieOptionsFor(url: URL, publicUrl: string) {
  return sessionCookieOptions(url.protocol === 'https:' || publicUrl.startsWith('https:'));
}

// Where the OAuth routes send the browser back to: the admin page, with the outcome in the query
// (SPEC.md section 2: gmb_connected=true; decision 021: gmb_error=<code of OAUTH_ERRORS>).
// (The leading underscore keeps this file out of Astro's routes.)
import type { OAuthErrorCode } from '#shared/google-messages.ts';

export function adminPageWith(slug: string, query: { gmb_connected: 'true' } | { gmb_error: OAuthErrorCode }): string {
  return `/${encodeURIComponent(slug)}/admin?${new URLSearchParams(query).toString()}`;
}

/** The cookie that binds a consent to the browser that started it (the callback's path only). */
export const OAUTH_BROWSER_COOKIE = 'rc_gmb_oauth';
export const OAUTH_COOKIE_PATH = '/api/gmb/oauth';

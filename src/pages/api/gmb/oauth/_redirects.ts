// Where the OAuth routes send the browser back to: the admin page, with the outcome in the query
// (SPEC.md section 2: gmb_connected=true; decision 021: gmb_error=<code of OAUTH_ERRORS>).
// (The leading underscore keeps this file out of Astro's routes.)
import type { OAuthErrorCode } from '../../../../lib/google/messages.ts';

export function adminPageWith(slug: string, query: { gmb_connected: 'true' } | { gmb_error: OAuthErrorCode }): string {
  return `/${encodeURIComponent(slug)}/admin?${new URLSearchParams(query).toString()}`;
}

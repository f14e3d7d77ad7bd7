// Where the OAuth routes send the browser back to: the admin page, with the outcome in the query
// (SPEC.md section 2: gmb_connected=true; decision 021: gmb_error=<message>).
// (The leading underscore keeps this file out of Astro's routes.)

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).';

export function adminPageWith(slug: string, query: Record<string, string>): string {
  return `/${encodeURIComponent(slug)}/admin?${new URLSearchParams(query).toString()}`;
}

// Headers every answer carries (issue 11). The pages' Content-Security-Policy comes from Astro
// (astro.config.mjs `security.csp`: script hashes); other answers get a policy that allows nothing,
// since JSON, text and images run nothing and embed nothing.

const NOTHING_RUNS = "default-src 'none'; frame-ancestors 'none'";
const HSTS = 'max-age=31536000; includeSubDomains';

export interface HeaderContext {
  pathname: string;
  /** PUBLIC_URL is https: browsers are told to keep to https. */
  https: boolean;
  /** The request came with a session: its answer may show what only a signed-in person may see. */
  signedIn?: boolean;
}

/** A kiosk screen (/wall/{token}) may be shown inside another page (a TV dashboard, a signage player). */
const mayBeFramed = (pathname: string) => pathname.startsWith('/wall/');

export function applySecurityHeaders(headers: Headers, context: HeaderContext): void {
  headers.set('x-content-type-options', 'nosniff');
  // Nothing shown to a signed-in person stays in the browser: after Logout, Back must not bring back
  // the admin panel (its CRM webhook URL, staff and customer emails) from the cache.
  if (context.signedIn && !headers.has('cache-control')) headers.set('cache-control', 'no-store');
  if (!headers.has('referrer-policy')) headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  if (context.https) headers.set('strict-transport-security', HSTS);
  const policy = headers.get('content-security-policy');
  if (!policy) headers.set('content-security-policy', NOTHING_RUNS);
  if (mayBeFramed(context.pathname)) {
    if (policy) headers.set('content-security-policy', policy.replace(/frame-ancestors 'none'/, 'frame-ancestors *'));
  } else {
    headers.set('x-frame-options', 'DENY');
  }
}

import { GOOGLE_PUSH_PATH } from '#shared/paths.ts';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request that a browser made from another site. Browsers send Origin (and
 * Sec-Fetch-Site) with every such request; API clients that are not browsers send neither and are
 * let through: they carry no ambient cookies of ours to abuse.
 */
export function isCrossSiteWrite(request: Request, ownOrigins: string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site') return true;
  // A page served with Referrer-Policy: no-referrer (the review link's) posts its forms with
  // "Origin: null"; the browser still says the request came from the same origin.
  if (site === 'same-origin') return false;
  const origin = request.headers.get('origin');
  return origin !== null && !ownOrigins.includes(origin);
}

/**
 * GETs that SPEC.md defines but that change state or call out (discovery, a test fetch, the start
 * of the Google consent): only the product's own pages may start them. A browser says where a
 * request came from in Sec-Fetch-Site ("none" for an address typed or bookmarked); clients that send
 * no such header are not browsers and carry no ambient cookies of ours.
 */
export const STATE_CHANGING_GETS: ReadonlySet<string> = new Set(['/api/gmb/try-discover', '/api/admin/test-google-fetch', '/api/gmb/oauth/initiate']);

/**
 * Paths that servers of other companies post to, each with a signature of its own over the raw body
 * (Stripe's Stripe-Signature, Twilio's X-Twilio-Signature): no cookie of ours means anything there, so where a request came from
 * is not checked.
 */
export const SIGNED_WEBHOOK_PATHS: ReadonlySet<string> = new Set([
  '/api/webhooks/stripe',
  '/api/webhooks/twilio/status',
  '/api/webhooks/twilio/inbound',
  // Google's Pub/Sub pushes carry a token Google signs.
  GOOGLE_PUSH_PATH,
]);

export function isFromAnotherSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

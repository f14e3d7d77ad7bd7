const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request that a browser made from another site. Browsers send Origin (and
 * Sec-Fetch-Site) with every such request; API clients that are not browsers send neither and are
 * let through: they carry no ambient cookies of ours to abuse.
 */
export function isCrossSiteWrite(request: Request, ownOrigins: string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  return origin !== null && !ownOrigins.includes(origin);
}

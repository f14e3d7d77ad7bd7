import { firstSegment, isInWorkspace, isSlugStylePath, RESERVED_SEGMENTS } from '#shared/paths.ts';

// Public pages that a signed-in visitor is sent away from, to their workspace. Pages open to everyone,
// signed in or not (the /demo wallboard, review links, kiosk screens), sit under a reserved segment.
const PUBLIC_PAGES = new Set(['/', '/login', '/register']);
/**
 * Public pages served to everyone, signed in or not: someone signed in as staff may have forgotten
 * the admin password, and a reset link must open whoever clicks it.
 */
const OPEN_PAGES = new Set(['/forgot-password', '/reset-password']);

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Where SPEC.md section 2's redirect rules send a page request, or null to serve it.
 * Reserved segments and static files (a first segment with a dot) are never redirected.
 */
export function redirectFor(pathname: string, signedInSlug: string | null): string | null {
  const path = normalise(pathname);
  if (PUBLIC_PAGES.has(path)) return signedInSlug ? `/${signedInSlug}` : null;
  if (OPEN_PAGES.has(path)) return null;
  const segment = firstSegment(path);
  if (RESERVED_SEGMENTS.has(segment) || segment.includes('.')) return null;
  if (signedInSlug) return isInWorkspace(path, signedInSlug) ? null : `/${signedInSlug}`;
  return isSlugStylePath(path) ? `/login?slug=${encodeURIComponent(segment)}` : '/';
}

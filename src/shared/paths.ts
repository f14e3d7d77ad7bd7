import { isSlug } from './rules.ts';

/** First path segments that belong to the product itself: never a workspace, never redirected. */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set([
  'api',
  'r',
  // A desk card's walk-in link (/q/{token}).
  'q',
  'wall',
  'demo',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'logout',
  'admin',
  '_astro',
  'assets',
  '_image',
  '_server-islands',
  '404',
  '500',
  'healthz',
  'readyz',
  // The API reference (/docs/api).
  'docs',
  // What is stored about customers, and the terms of use (decision 067).
  'privacy',
  'terms',
]);

export function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/** A path whose first segment could be a workspace's slug (DESIGN.md "Paths and redirects"). */
export function isSlugStylePath(pathname: string): boolean {
  const segment = firstSegment(pathname);
  return isSlug(segment) && !RESERVED_SEGMENTS.has(segment);
}

export function isInWorkspace(pathname: string, slug: string): boolean {
  return pathname === `/${slug}` || pathname.startsWith(`/${slug}/`);
}

/**
 * Where a sign-in goes (issue 33, item 6): the page the visitor had asked for (path and query) when it
 * is one of the signed-in workspace's own, otherwise its wallboard, /{slug} (SPEC.md).
 */
export function afterSignInPath(slug: string, asked: string | null | undefined): string {
  const home = `/${slug}`;
  if (!asked) return home;
  const [path = ''] = asked.split('?');
  const safe = !/[\\\s]|\/\//.test(asked) && !path.split('/').some((part) => part === '.' || part === '..');
  return safe && isInWorkspace(path, slug) ? asked : home;
}

/** A person's printable desk card (issue 29). */
export function deskCardPagePath(slug: string, staffId: number): string {
  return `/${slug}/desk-card/${staffId}`;
}

/** Where Cloud Pub/Sub pushes Google's review notifications (a push subscription's endpoint, issue 30). */
export const GOOGLE_PUSH_PATH = '/api/webhooks/google/pubsub';

/** A Google review's reply box on the GMB reviews page (issue 30): a low-rated review's alert links here. */
export function replyBoxPath(slug: string, reviewId: number): string {
  return `/${slug}/gmb-reviews?reply=${reviewId}#review-${reviewId}`;
}

import type { GoogleStatus } from '#domain/integrations/google/status.ts';
import { isOAuthErrorCode, OAUTH_ERRORS, QUOTA_STILL_BLOCKED } from '#shared/google-messages.ts';
import type { ToastMessage } from '../ui/toast.tsx';

// The browser's side of the Google Business Profile integration: the answers of /api/gmb/* as the
// islands read them, and the pure decisions the admin card and the GMB reviews page make from them.

// The answers' shapes are the server's own types (type-only imports: nothing of the server ships).
export type { GoogleStatus } from '#domain/integrations/google/status.ts';
export type { GmbReview, ReplyableReview } from '#domain/integrations/google/gmb-reviews.ts';
export type { LastSync } from '#domain/integrations/google/connection.ts';
export type { DiscoveryAnswer } from '#domain/integrations/google/discover.ts';

/** POST /api/gmb/poll-reviews (admin), when it succeeds. */
export interface GmbPollResult {
  success: true;
  message?: string;
  added?: number;
  updated?: number;
  removed?: number;
}

export const GMB_URLS = {
  status: '/api/gmb/status',
  /** A full-page navigation: Google's consent screen, then back to /{slug}/admin. */
  connect: '/api/gmb/oauth/initiate',
  discover: '/api/gmb/try-discover',
  poll: '/api/gmb/poll-reviews',
  disconnect: '/api/gmb/disconnect',
  reviews: '/api/gmb/reviews',
} as const;

/** Google's notifications arrive (registered, or one heard within the day): the sync is then the hourly safety net (issue 30). */
export function pushOn(push: GoogleStatus['push'], now = Date.now()): boolean {
  return push.registered || (push.lastNotificationAt !== null && now - Date.parse(push.lastNotificationAt) < 24 * 60 * 60 * 1000);
}

/** What the Google card shows, in the order the conditions are checked. */
export type GmbCardState = 'upgrade' | 'unconfigured' | 'broken' | 'disconnected' | 'incomplete' | 'ready';

export function gmbCardState(status: GoogleStatus): GmbCardState {
  if (!status.allowed) return 'upgrade';
  if (!status.configured) return 'unconfigured';
  if (status.broken) return 'broken';
  if (!status.connected) return 'disconnected';
  if (!status.accountId || !status.locationId) return 'incomplete';
  return 'ready';
}

/** SPEC.md section 2: "the first 8 characters of the IDs are shown". */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

// Discovery (SPEC.md section 8).
const DISCOVERY_FAILED = 'Discovery failed. Use manual entry below.';

/** The toast for a discovery that found nothing: the quota case has its own title. */
export function discoveryFailureToast(error: string | null | undefined): ToastMessage {
  return error === QUOTA_STILL_BLOCKED
    ? { title: 'Still Failed', description: QUOTA_STILL_BLOCKED, variant: 'destructive' }
    : { title: 'Error', description: DISCOVERY_FAILED, variant: 'destructive' };
}

// Polling (SPEC.md section 8).
export const POLL_FAILED_TEXT = 'Unable to trigger review polling. Please try again.';

/** "2 new reviews, 1 updated": what a sync changed, for the toast and the card's last-sync line. */
export function syncCounts({ added = 0, updated = 0, removed = 0 }: { added?: number; updated?: number; removed?: number }): string {
  const parts = [
    added > 0 ? `${added} new ${added === 1 ? 'review' : 'reviews'}` : '',
    updated > 0 ? `${updated} updated` : '',
    removed > 0 ? `${removed} removed` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'No new reviews';
}

/** Counts when the sync changed something; otherwise the server's word (a sync already running says so). */
export function pollSuccessToast(result: GmbPollResult): ToastMessage {
  const changed = [result.added, result.updated, result.removed].some((n) => typeof n === 'number' && n > 0);
  const description = changed ? syncCounts(result) : result.message || syncCounts(result);
  return { title: 'Polling triggered', description, variant: 'success' };
}

/** SPEC.md's text, whatever the reason: the admin card's last-sync line says what Google answered. */
export function pollFailureToast(): ToastMessage {
  return { title: 'Polling failed', description: POLL_FAILED_TEXT, variant: 'destructive' };
}

// The return from Google's consent screen (SPEC.md section 2): /{slug}/admin?gmb_connected=true, or
// ?gmb_error=<code> when the admin refused, the state did not match... (decision 021). Only the known
// codes' texts are ever shown, so a crafted link cannot put words in the panel's mouth.
const CONNECTED_PARAM = 'gmb_connected';
const ERROR_PARAM = 'gmb_error';
const ERROR_FALLBACK = 'Google did not connect. Please try again.';

/** The toast the admin page owes for its query string, or null when it is not a return from Google. */
export function oauthReturnToast(search: string): ToastMessage | null {
  const params = new URLSearchParams(search);
  if (params.has(ERROR_PARAM)) {
    const code = params.get(ERROR_PARAM) ?? '';
    return { title: 'Error', description: isOAuthErrorCode(code) ? OAUTH_ERRORS[code] : ERROR_FALLBACK, variant: 'destructive' };
  }
  if (params.get(CONNECTED_PARAM) === 'true') return { title: 'Google Account Connected', variant: 'success' };
  return null;
}

/** The address without the return parameters (path, other parameters and hash kept), for history.replaceState. */
export function withoutOAuthParams(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(CONNECTED_PARAM);
  url.searchParams.delete(ERROR_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

import { describe, expect, it } from 'vitest';
import {
  discoveryFailureToast,
  gmbCardState,
  oauthReturnToast,
  pollFailureToast,
  pollSuccessToast,
  shortId,
  syncCounts,
  withoutOAuthParams,
  type GoogleStatus,
} from './google-profile.ts';
import { OAUTH_ERRORS, QUOTA_STILL_BLOCKED } from '#shared/google-messages.ts';

const ready: GoogleStatus = {
  allowed: true,
  configured: true,
  connected: true,
  broken: false,
  accountId: '112233445566778899',
  locationId: '998877665544332211',
  locationTitle: "Joe's Bakery",
  lastSync: null,
  push: { registered: false, lastNotificationAt: null, error: null },
};

describe('the Google card state', () => {
  it('checks the plan first, then the server, the token, then the IDs', () => {
    expect(gmbCardState(ready)).toBe('ready');
    expect(gmbCardState({ ...ready, allowed: false, configured: false })).toBe('upgrade');
    expect(gmbCardState({ ...ready, configured: false })).toBe('unconfigured');
    expect(gmbCardState({ ...ready, broken: true })).toBe('broken');
    expect(gmbCardState({ ...ready, connected: false, accountId: null, locationId: null })).toBe('disconnected');
    expect(gmbCardState({ ...ready, locationId: null })).toBe('incomplete');
    expect(gmbCardState({ ...ready, accountId: '' })).toBe('incomplete');
  });
});

describe('short IDs', () => {
  it('shows the first 8 characters', () => {
    expect(shortId('112233445566778899')).toBe('11223344…');
    expect(shortId('12345678')).toBe('12345678');
  });
});

describe('toasts', () => {
  it('tells the quota case from other discovery failures', () => {
    expect(discoveryFailureToast(QUOTA_STILL_BLOCKED)).toEqual({ title: 'Still Failed', description: QUOTA_STILL_BLOCKED, variant: 'destructive' });
    expect(discoveryFailureToast('No locations found')).toEqual({
      title: 'Error',
      description: 'Discovery failed. Use manual entry below.',
      variant: 'destructive',
    });
    expect(discoveryFailureToast(null).title).toBe('Error');
  });

  it('counts what a sync changed', () => {
    expect(syncCounts({ added: 2, updated: 1, removed: 0 })).toBe('2 new reviews, 1 updated');
    expect(syncCounts({ added: 1, removed: 3 })).toBe('1 new review, 3 removed');
    expect(syncCounts({ added: 0, updated: 0, removed: 0 })).toBe('No new reviews');
  });

  it('titles a poll with the spec words, counts or the server message', () => {
    expect(pollSuccessToast({ success: true, message: 'Synced', added: 1, updated: 0, removed: 0 })).toEqual({
      title: 'Polling triggered',
      description: '1 new review',
      variant: 'success',
    });
    expect(pollSuccessToast({ success: true, message: 'Sync started' }).description).toBe('Sync started');
    expect(pollSuccessToast({ success: true, message: 'A sync is already running', added: 0, updated: 0, removed: 0 }).description).toBe(
      'A sync is already running',
    );
    expect(pollSuccessToast({ success: true, added: 0, updated: 0, removed: 0 }).description).toBe('No new reviews');
    expect(pollFailureToast()).toEqual({ title: 'Polling failed', description: 'Unable to trigger review polling. Please try again.', variant: 'destructive' });
  });
});

describe('the return from Google', () => {
  it('says connected, or shows the error given', () => {
    expect(oauthReturnToast('?gmb_connected=true')).toEqual({ title: 'Google Account Connected', variant: 'success' });
    expect(oauthReturnToast('?gmb_error=denied')).toEqual({ title: 'Error', description: OAUTH_ERRORS.denied, variant: 'destructive' });
    expect(oauthReturnToast('?gmb_error=state')?.description).toBe(OAUTH_ERRORS.state);
    // A crafted link cannot make the panel say anything else.
    expect(oauthReturnToast('?gmb_error=Call%20us%20on%20555-0100')?.description).toBe('Google did not connect. Please try again.');
    expect(oauthReturnToast('?gmb_error=toString')?.description).toBe('Google did not connect. Please try again.');
    expect(oauthReturnToast('?gmb_error=')?.description).toBe('Google did not connect. Please try again.');
  });

  it('ignores other queries', () => {
    expect(oauthReturnToast('')).toBeNull();
    expect(oauthReturnToast('?gmb_connected=false')).toBeNull();
    expect(oauthReturnToast('?team=3')).toBeNull();
  });

  it('clears only its own parameters', () => {
    expect(withoutOAuthParams('http://x.test/acme/admin?gmb_connected=true')).toBe('/acme/admin');
    expect(withoutOAuthParams('http://x.test/acme/admin?a=1&gmb_error=no#top')).toBe('/acme/admin?a=1#top');
  });
});

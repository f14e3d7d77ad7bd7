import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api.ts';
import {
  type DiscoveryAnswer,
  discoveryFailureToast,
  GMB_URLS,
  type GmbPollResult,
  pollFailureToast,
  pollSuccessToast,
  shortId,
} from '../gmb/google-profile.ts';
import { AdminAccessLost, adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';

const DISCONNECT_CONFIRM = 'Disconnect Google? Reviews already imported are kept, but no new ones arrive until you connect again.';

export type Work = 'connect' | 'discover' | 'poll' | 'disconnect';

/**
 * What the card does to the connection, one thing at a time (`work`): connect (a navigation to
 * Google), discover the account and location, poll now, disconnect. `load` reads the status again.
 */
export function useGoogleWork(load: () => Promise<void>) {
  const [work, setWork] = useState<Work | null>(null);

  useEffect(() => {
    // Coming back to this page from Google through the Back button restores it as it was left.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setWork(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const discover = async () => {
    setWork('discover');
    try {
      const found = await adminRequest<DiscoveryAnswer>('GET', GMB_URLS.discover);
      if (found.success) {
        const ids = [found.accountId && `Account ${shortId(found.accountId)}`, found.locationId && `Location ${shortId(found.locationId)}`].filter(Boolean);
        showAdminToast({ title: 'Location Found', description: ids.join(' · ') || undefined, variant: 'success' });
        await load();
      } else {
        showAdminToast(discoveryFailureToast(found.error));
      }
    } catch (error) {
      if (!(error instanceof AdminAccessLost)) showAdminToast(discoveryFailureToast(error instanceof ApiError ? error.serverMessage : null));
    } finally {
      setWork(null);
    }
  };

  const poll = async () => {
    setWork('poll');
    try {
      showAdminToast(pollSuccessToast(await adminRequest<GmbPollResult>('POST', GMB_URLS.poll)));
    } catch (error) {
      if (error instanceof AdminAccessLost) return;
      showAdminToast(pollFailureToast());
    } finally {
      setWork(null);
    }
    await load();
  };

  const disconnect = async () => {
    if (!window.confirm(DISCONNECT_CONFIRM)) return;
    setWork('disconnect');
    try {
      await adminRequest('POST', GMB_URLS.disconnect);
      showAdminToast({ title: 'Google Account Disconnected', description: 'Reviews already imported are kept.', variant: 'success' });
      await load();
    } catch (error) {
      showFailure('Failed to disconnect Google', error);
    } finally {
      setWork(null);
    }
  };

  return { work, connect: () => setWork('connect'), discover, poll, disconnect };
}

export type GoogleWork = ReturnType<typeof useGoogleWork>;

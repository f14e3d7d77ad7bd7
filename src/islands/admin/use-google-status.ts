import { useEffect, useRef, useState } from 'preact/hooks';
import { GMB_URLS, type GoogleStatus, oauthReturnToast, withoutOAuthParams } from '../gmb/google-profile.ts';
import { useLiveReload } from '../live/use-live-reload.ts';
import { adminRequest } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';

/**
 * The Google connection as the server has it, read on mount, on `load()` and on each live event.
 * It also answers the return from Google's consent screen (?gmb_connected=true or ?gmb_error=...):
 * a toast once, a clean address, and the card (`body` is inside it) brought into view.
 */
export function useGoogleStatus() {
  const [status, setStatus] = useState<GoogleStatus | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  /** Back from Google's consent screen: the card (last on the panel) is brought into view once it shows its state. */
  const [returned, setReturned] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  const load = async () => {
    try {
      setStatus(await adminRequest<GoogleStatus>('GET', GMB_URLS.status));
      setLoadFailed(false);
    } catch {
      // A failed refresh keeps what is shown; only a first load shows the error, and it stays while a retry runs.
      setLoadFailed(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount: load is new on every render
  useEffect(() => {
    // Back from Google's consent screen: say how it went once, and keep the address clean.
    const toast = oauthReturnToast(window.location.search);
    if (toast) {
      showAdminToast(toast);
      window.history.replaceState(window.history.state, '', withoutOAuthParams(window.location.href));
      setReturned(true);
    }
    void load();
  }, []);
  // A sync (scheduled or from another screen) announces new data: the last sync line follows.
  useLiveReload(load);

  useEffect(() => {
    if (!returned || status === null) return;
    body.current?.closest('section')?.scrollIntoView({ block: 'start' });
    setReturned(false);
  }, [returned, status]);

  return { status, loadFailed, load, body };
}

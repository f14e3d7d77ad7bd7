import { useEffect, useRef, useState } from 'preact/hooks';
import { connectLive, type LiveStatus } from './connection.ts';

/** Several events in a burst (a sync matching many reviews) make one read. */
const COALESCE_MS = 250;

/**
 * Keeps a page's own list current (SPEC.md section 4: a data update refreshes the report, the
 * reviews and the admin lists). Live events carry the dashboard, not these lists, so each one, and
 * each return of the stream, calls `reload`; while the stream is down the dashboard is polled and a
 * change in it calls `reload` too.
 */
export function useLiveReload(reload: () => unknown, onCelebration: (detail: unknown) => void = () => {}): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const latest = useRef({ reload, onCelebration });
  latest.current = { reload, onCelebration };

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(pending);
      pending = setTimeout(() => void latest.current.reload(), COALESCE_MS);
    };
    const stop = connectLive<unknown>({
      eventsUrl: '/api/events',
      dataUrl: '/api/dashboard',
      onData: refresh,
      onEvent: refresh,
      onCelebration: (detail) => latest.current.onCelebration(detail),
      onStatus: (next) => {
        setStatus(next);
        if (next === 'live') refresh();
      },
    });
    return () => {
      clearTimeout(pending);
      stop();
    };
  }, []);

  return status;
}

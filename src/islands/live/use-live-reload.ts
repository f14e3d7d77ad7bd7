import { useEffect, useRef, useState } from 'preact/hooks';
import { connectLive, type LiveStatus } from './connection.ts';

/** Several events in a burst (a sync matching many reviews) make one read. */
const COALESCE_MS = 250;

interface Subscriber {
  refresh(): void;
  celebrate(detail: unknown): void;
  status(status: LiveStatus): void;
}

// Islands on one page share this module: every list on the page shares one event stream.
const subscribers = new Set<Subscriber>();
let stopStream: (() => void) | null = null;
let currentStatus: LiveStatus = 'connecting';

function subscribe(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  subscriber.status(currentStatus);
  if (!stopStream) {
    const refreshAll = () => subscribers.forEach((s) => s.refresh());
    stopStream = connectLive<unknown>({
      eventsUrl: '/api/events',
      dataUrl: '/api/dashboard',
      onData: refreshAll,
      onEvent: refreshAll,
      onCelebration: (detail) => subscribers.forEach((s) => s.celebrate(detail)),
      onStatus: (next) => {
        currentStatus = next;
        subscribers.forEach((s) => s.status(next));
        if (next === 'live') refreshAll();
      },
    });
  }
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0 && stopStream) {
      stopStream();
      stopStream = null;
      currentStatus = 'connecting';
    }
  };
}

/**
 * Keeps a page's own list current (SPEC.md section 4: a data update refreshes the report, the
 * reviews and the admin lists). Live events carry the dashboard, not these lists, so each one, and
 * each return of the stream, calls `reload`; while the stream is down the dashboard is polled and a
 * change in it calls `reload` too.
 */
export function useLiveReload(reload: () => unknown, onCelebration: (detail: unknown) => void = () => {}): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>(currentStatus);
  const latest = useRef({ reload, onCelebration });
  latest.current = { reload, onCelebration };

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe({
      refresh: () => {
        clearTimeout(pending);
        pending = setTimeout(() => void latest.current.reload(), COALESCE_MS);
      },
      celebrate: (detail) => latest.current.onCelebration(detail),
      status: setStatus,
    });
    return () => {
      clearTimeout(pending);
      unsubscribe();
    };
  }, []);

  return status;
}

// The browser's live logic (SPEC.md section 4): the event stream first; when it fails or does not
// open within 5 s, poll the data every 15 s and retry the stream after 5, 10, 20, 30, 30, then 60 s.
// A reopened stream names the last event this page saw, so the server sends what it missed; a
// celebration that arrives twice (replayed and live) celebrates once.
//
// A page the browser keeps in its back/forward cache kept its stream open too, and with it one of the
// six connections a browser opens to one server: after six live pages, the next page (or Logout)
// waited forever. So the stream closes when the page is put away and opens again when it comes back.

export const CONNECT_TIMEOUT_MS = 5000;
export const POLL_INTERVAL_MS = 15_000;
export const RETRY_DELAYS_MS = [5000, 10_000, 20_000, 30_000, 30_000] as const;
export const LATER_RETRY_DELAY_MS = 60_000;
/** Event ids remembered to handle each event once. */
const SEEN_IDS_KEPT = 200;

/** The wait before stream retry number `attempt` (1-based). */
export function retryDelay(attempt: number): number {
  return RETRY_DELAYS_MS[attempt - 1] ?? LATER_RETRY_DELAY_MS;
}

export type LiveStatus = 'connecting' | 'live' | 'polling';

/** What every live event carries: a data payload and, maybe, the celebration flag. */
export interface LiveMessage<T> {
  data: T;
  celebration?: boolean;
  review?: unknown;
}

export interface LiveOptions<T> {
  eventsUrl: string;
  dataUrl: string;
  onData(data: T): void;
  /** Every data event the stream delivers, changed data or not (lists that are not the dashboard re-read then). */
  onEvent?(): void;
  onCelebration(detail: unknown): void;
  onStatus?(status: LiveStatus): void;
  /** The data URL answered 404 or 410 (for example a revoked kiosk link): stop everything. */
  onGone?(): void;
  createEventSource?: (url: string) => EventSource;
  fetchData?: (url: string) => Promise<Response>;
  /** Where the page's pagehide and pageshow events arrive (the window; tests give a stand-in). */
  pageEvents?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

/** Starts the live connection; returns the function that ends it. */
export function connectLive<T>(options: LiveOptions<T>): () => void {
  const createEventSource = options.createEventSource ?? ((url: string) => new EventSource(url));
  const fetchData = options.fetchData ?? ((url: string) => fetch(url, { credentials: 'include', cache: 'no-store' }));
  let source: EventSource | null = null;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let attempts = 0;
  let lastJson = '';
  let stopped = false;
  let lastEventId = '';
  const seen = new Set<string>();

  /**
   * True the first time an event (by its id) reaches this page: it becomes the last event seen, which
   * a reopened stream names. A replayed event can arrive twice; it celebrates once.
   */
  const isNew = (event: MessageEvent): boolean => {
    const id = event.lastEventId;
    if (!id) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > SEEN_IDS_KEPT) seen.delete(seen.values().next().value!);
    lastEventId = id;
    return true;
  };

  const streamUrl = () =>
    lastEventId ? `${options.eventsUrl}${options.eventsUrl.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastEventId)}` : options.eventsUrl;

  /** Hands new data to the page; false when it is what the page already shows. */
  const deliver = (data: T): boolean => {
    const json = JSON.stringify(data);
    if (json === lastJson) return false;
    lastJson = json;
    options.onData(data);
    return true;
  };

  const read = (event: MessageEvent): LiveMessage<T> | null => {
    try {
      return JSON.parse(event.data) as LiveMessage<T>;
    } catch (error) {
      console.warn('Ignoring a live event that is not JSON', error);
      return null;
    }
  };

  const poll = async (): Promise<boolean> => {
    try {
      const response = await fetchData(options.dataUrl);
      if (response.status === 404 || response.status === 410) {
        stop();
        options.onGone?.();
        return false;
      }
      if (response.ok) return deliver((await response.json()) as T);
    } catch (error) {
      console.warn('Polling failed', error);
    }
    return false;
  };

  const startPolling = () => {
    if (pollTimer !== undefined) return;
    options.onStatus?.('polling');
    void poll();
    pollTimer = setInterval(poll, POLL_INTERVAL_MS);
  };

  const stopPolling = () => {
    clearInterval(pollTimer);
    pollTimer = undefined;
  };

  const fail = () => {
    clearTimeout(connectTimer);
    source?.close();
    source = null;
    if (stopped) return;
    startPolling();
    attempts += 1;
    retryTimer = setTimeout(open, retryDelay(attempts));
  };

  function open() {
    if (stopped) return;
    options.onStatus?.(pollTimer === undefined ? 'connecting' : 'polling');
    const current = createEventSource(streamUrl());
    source = current;
    connectTimer = setTimeout(fail, CONNECT_TIMEOUT_MS);
    current.onopen = () => {
      clearTimeout(connectTimer);
      attempts = 0;
      stopPolling();
      options.onStatus?.('live');
    };
    current.onerror = () => {
      if (source === current) fail();
    };
    const onDataEvent = (event: MessageEvent) => {
      const fresh = isNew(event);
      options.onEvent?.();
      const message = read(event);
      if (!message) return;
      if (message.data) deliver(message.data);
      if (message.celebration && fresh) options.onCelebration(message.review ?? message.data);
    };
    current.addEventListener('reviewAdded', onDataEvent);
    current.addEventListener('data_update', onDataEvent);
    current.addEventListener('celebration', (event) => {
      if (!isNew(event as MessageEvent)) return;
      const message = read(event as MessageEvent);
      if (message) options.onCelebration(message.data);
    });
  }

  /** Closes the stream and stops every timer; `open` starts again. */
  function pause() {
    clearTimeout(connectTimer);
    clearTimeout(retryTimer);
    stopPolling();
    source?.close();
    source = null;
  }

  const onPageHide = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) pause();
  };
  const onPageShow = (event: Event) => {
    if (!(event as PageTransitionEvent).persisted || stopped) return;
    attempts = 0;
    open();
  };
  const pageEvents = options.pageEvents === undefined ? (typeof window === 'undefined' ? null : window) : options.pageEvents;
  pageEvents?.addEventListener('pagehide', onPageHide);
  pageEvents?.addEventListener('pageshow', onPageShow);

  function stop() {
    stopped = true;
    pause();
    pageEvents?.removeEventListener('pagehide', onPageHide);
    pageEvents?.removeEventListener('pageshow', onPageShow);
  }

  open();
  return stop;
}

import { formatEvent, SHUTDOWN_MESSAGE, type LiveClient, type LiveHub } from './hub.ts';
import { errorJson } from '../http.ts';
import { logError } from '../log.ts';

export const HEARTBEAT_INTERVAL_MS = 20_000;
/** How long a browser's EventSource waits before it reconnects by itself (the `retry:` hint). */
export const RECONNECT_HINT_MS = 3000;

const encoder = new TextEncoder();

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

export interface StreamOptions {
  workspaceId: number;
  kioskLinkId?: number;
  /** The id of the last event the client saw (Last-Event-ID), when it is reconnecting. */
  lastEventId?: string | null;
  /** Who opens it, and how many streams they may hold at once. */
  owner: { key: string; limit: number };
  signal: AbortSignal;
}

/** Streams one browser session may hold open at once (tabs, and the pages' shared stream). */
export const STREAMS_PER_SESSION = 10;
/** Streams one kiosk link may hold open at once (every screen of a business may use one link). */
export const STREAMS_PER_KIOSK_LINK = 1000;

/** Last-Event-ID: the header EventSource sends when it reconnects, or the query a page sends when it opens a new one. */
export function lastEventIdOf(request: Request): string | null {
  const id = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId');
  return id && id.length <= 100 ? id : null;
}

/**
 * A server-sent event stream of one workspace's live events, registered with the hub until it ends.
 * It opens with a data_update of the current data, so a client reconnecting after a restart is
 * current; a client that says which event it saw last first gets the events it missed (a review that
 * arrived while it was away still celebrates).
 */
export function liveEventStream(hub: LiveHub, options: StreamOptions): Response {
  // An error answer would stop EventSource for good: a stream that only says "come back soon" does not.
  if (hub.closed) return new Response(SHUTDOWN_MESSAGE, { headers: EVENT_STREAM_HEADERS });
  if (hub.ownedBy(options.owner.key) >= options.owner.limit) {
    return errorJson(429, 'Too many live connections are open for this sign-in. Close a tab or screen and try again.');
  }
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const client: LiveClient = {
        workspaceId: options.workspaceId,
        kioskLinkId: options.kioskLinkId,
        owner: options.owner.key,
        write,
        close: () => stop(),
      };
      // In one step: what it missed until now, and from now on what is delivered to it live.
      const missed = options.lastEventId ? hub.missedSince(options.workspaceId, options.lastEventId) : null;
      const remove = hub.add(client);
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_INTERVAL_MS);
      stop = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        remove();
        options.signal.removeEventListener('abort', stop);
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      options.signal.addEventListener('abort', stop);
      write(`retry: ${RECONNECT_HINT_MS}\n: connected\n\n`);
      hub
        .data(options.workspaceId)
        .then((data) => {
          if (missed?.length) for (const notice of missed) write(hub.message(notice, data));
          else write(formatEvent('data_update', { data }));
        })
        .catch((error) => logError('Could not send the first live update', error));
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, { headers: EVENT_STREAM_HEADERS });
}

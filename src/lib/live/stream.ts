import { formatEvent, type LiveClient, type LiveHub } from './hub.ts';
import { logError } from '../log.ts';

export const HEARTBEAT_INTERVAL_MS = 20_000;

const encoder = new TextEncoder();

export interface StreamOptions {
  workspaceId: number;
  kioskLinkId?: number;
  signal: AbortSignal;
}

/**
 * A server-sent event stream of one workspace's live events, registered with the hub until it ends.
 * It opens with a data_update of the current data, so a client reconnecting after a restart is current.
 */
export function liveEventStream(hub: LiveHub, options: StreamOptions): Response {
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
        write,
        close: () => stop(),
      };
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
      write(': connected\n\n');
      hub
        .data(options.workspaceId)
        .then((data) => write(formatEvent('data_update', { data })))
        .catch((error) => logError('Could not send the first live update', error));
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}

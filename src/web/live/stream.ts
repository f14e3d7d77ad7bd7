import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { formatEvent, SHUTDOWN_MESSAGE, type LiveClient, type LiveHub, type WallboardKey } from '#platform/live/hub.ts';
import { errorJson } from '../http.ts';
import { logError } from '#platform/log/log.ts';

export const HEARTBEAT_INTERVAL_MS = 20_000;
/** How long a browser's EventSource waits before it reconnects by itself (the `retry:` hint). */
export const RECONNECT_HINT_MS = 3000;

const encoder = new TextEncoder();
const CONNECTED = encoder.encode(`retry: ${RECONNECT_HINT_MS}\n: connected\n\n`);
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

export interface StreamOptions {
  workspaceId: number;
  /** The wallboard the screen shows (null or absent: the workspace's own). */
  wallboardId?: WallboardKey;
  kioskLinkId?: number;
  /** The id of the last event the client saw (Last-Event-ID), when it is reconnecting. */
  lastEventId?: string | null;
  /** Who opens it, and how many streams they may hold at once. */
  owner: { key: string; limit: number };
  signal: AbortSignal;
  /** The node response the stream is answered on, when the server hands it over (main.ts): see EventStream.pull. */
  response?: ServerResponse | undefined;
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
 * The bytes of an event formatted from one load of the workspace's data, made once for every stream
 * that is sent it (a thousand screens opening together share one load, so one string and one buffer).
 * The data a load returns is never changed afterwards, so it can key the cache.
 */
const encodedByData = new WeakMap<object, Map<string, Uint8Array>>();
function encodedFor(data: unknown, key: string, format: () => string): Uint8Array {
  if (data === null || typeof data !== 'object') return encoder.encode(format());
  let byKey = encodedByData.get(data);
  if (!byKey) encodedByData.set(data, (byKey = new Map()));
  let bytes = byKey.get(key);
  if (!bytes) byKey.set(key, (bytes = encoder.encode(format())));
  return bytes;
}

const CRLF = Buffer.from('\r\n');
const chunks = new WeakMap<Uint8Array, Buffer>();
/**
 * An event's bytes as one HTTP/1.1 chunk (size, data, CRLF), made once per event like the bytes
 * themselves, so that ten thousand screens are each sent one ready buffer in one socket write.
 */
function chunkOf(bytes: Uint8Array): Buffer {
  let chunk = chunks.get(bytes);
  if (!chunk) chunks.set(bytes, (chunk = Buffer.concat([Buffer.from(`${bytes.byteLength.toString(16)}\r\n`, 'latin1'), bytes, CRLF])));
  return chunk;
}

/**
 * One heartbeat timer per hub for all its streams, not a setInterval per stream. The timer ticks
 * HEARTBEAT_SLICES times per interval and each tick beats one group of streams; a stream joins the
 * group whose next beat is a whole interval away. So, as with a timer of its own, each stream is sent
 * the comment 19-20 s after it opens and every 20 s from then, and the writes are spread over time
 * as the opens were (ten thousand screens are not all written to in the same tick, which would
 * hold up a review's event that arrives then).
 */
const HEARTBEAT_SLICES = 20;
interface Heartbeat {
  timer: ReturnType<typeof setInterval>;
  groups: Set<EventStream>[];
  /** Streams in all groups. */
  size: number;
  tick: number;
}
const heartbeats = new WeakMap<LiveHub, Heartbeat>();
function joinHeartbeat(hub: LiveHub, stream: EventStream): void {
  let heartbeat = heartbeats.get(hub);
  if (!heartbeat) {
    const beat: Heartbeat = {
      timer: setInterval(() => {
        for (const each of beat.groups[beat.tick++ % HEARTBEAT_SLICES]!) each.send(HEARTBEAT);
      }, HEARTBEAT_INTERVAL_MS / HEARTBEAT_SLICES),
      groups: Array.from({ length: HEARTBEAT_SLICES }, () => new Set<EventStream>()),
      size: 0,
      tick: 0,
    };
    heartbeats.set(hub, (heartbeat = beat));
  }
  // The group beaten last: its next beat is a full interval away, as with a timer of its own.
  heartbeat.groups[(heartbeat.tick + HEARTBEAT_SLICES - 1) % HEARTBEAT_SLICES]!.add(stream);
  heartbeat.size += 1;
}
function leaveHeartbeat(hub: LiveHub, stream: EventStream): void {
  const heartbeat = heartbeats.get(hub);
  if (!heartbeat?.groups.some((group) => group.delete(stream))) return;
  heartbeat.size -= 1;
  if (heartbeat.size) return;
  clearInterval(heartbeat.timer);
  heartbeats.delete(hub);
}

/**
 * One open stream, as a single object: the hub's client, the body's underlying source, and the
 * listener of the request's abort signal (no closures or timer of its own, which at ten thousand
 * streams add up).
 *
 * Its bytes first go through the body, which the app's server (Astro's node adapter) reads and
 * writes to the node response. Once that server has written everything and waits for more (pull),
 * and when the response was handed over, they go straight to the response's socket instead:
 * a review's event then costs each screen one socket write, not a promise, a read, a response
 * write and its chunk framing (docs/decisions/047). The body stays open until the stream ends, so
 * closing it still ends the response through the adapter.
 */
class EventStream implements LiveClient, UnderlyingDefaultSource<Uint8Array> {
  readonly workspaceId: number;
  readonly wallboardId: WallboardKey;
  readonly kioskLinkId?: number;
  readonly owner: string;
  private readonly hub: LiveHub;
  private readonly signal: AbortSignal;
  private readonly lastEventId: string | null;
  private readonly response: ServerResponse | undefined;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  /** Written to directly once the adapter has written all the body held (see pull). */
  private socket: Socket | null = null;
  private chunked = false;
  private remove: (() => void) | null = null;
  private open = true;

  constructor(hub: LiveHub, options: StreamOptions) {
    this.hub = hub;
    this.workspaceId = options.workspaceId;
    this.wallboardId = options.wallboardId ?? null;
    if (options.kioskLinkId !== undefined) this.kioskLinkId = options.kioskLinkId;
    this.owner = options.owner.key;
    this.signal = options.signal;
    this.lastEventId = options.lastEventId ?? null;
    this.response = options.response;
  }

  start(controller: ReadableStreamDefaultController<Uint8Array>): void {
    this.controller = controller;
    const { hub, workspaceId, wallboardId } = this;
    // In one step: what it missed until now, and from now on what is delivered to it live.
    const missed = this.lastEventId ? hub.missedSince(workspaceId, this.lastEventId) : null;
    this.remove = hub.add(this);
    joinHeartbeat(hub, this);
    this.signal.addEventListener('abort', this);
    this.send(CONNECTED);
    hub
      .data(workspaceId, wallboardId)
      .then((data) => {
        if (data === null && wallboardId !== null) return this.close();
        if (missed?.length) for (const notice of missed) this.send(encodedFor(data, notice.id, () => hub.message(notice, data, wallboardId)));
        else this.send(encodedFor(data, '', () => formatEvent('data_update', { data })));
      })
      .catch((error) => logError('Could not send the first live update', error));
  }

  /**
   * The body is read with nothing left in it (its high-water mark is 0, so this is called only then):
   * the adapter has written every byte sent so far to the response, in order, and with the first
   * of them (start's CONNECTED) node sent the headers. Not for an answer with no body (HEAD), whose
   * bytes node drops, or one that is compressed.
   */
  pull(): void {
    const response = this.response;
    if (this.socket || !response?.headersSent || response.writableEnded || !response.socket || response.req.method === 'HEAD') return;
    if (response.hasHeader('content-encoding')) return;
    this.socket = response.socket;
    this.chunked = response.chunkedEncoding;
  }

  cancel(): void {
    this.close();
  }

  /** The request's signal aborted: the client went away. */
  handleEvent(): void {
    this.close();
  }

  write(message: string, encoded?: Uint8Array): void {
    this.send(encoded ?? encoder.encode(message));
  }

  send(bytes: Uint8Array): void {
    if (!this.open || !bytes.byteLength) return;
    const socket = this.socket;
    if (socket) {
      if (socket.destroyed || !socket.writable) this.close();
      else socket.write(this.chunked ? chunkOf(bytes) : bytes);
      return;
    }
    try {
      this.controller!.enqueue(bytes);
    } catch {
      this.close();
    }
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    leaveHeartbeat(this.hub, this);
    this.remove?.();
    this.signal.removeEventListener('abort', this);
    try {
      this.controller?.close();
    } catch {
      // Already closed by the client going away.
    }
  }
}

/**
 * A server-sent event stream of one wallboard's live events, registered with the hub until it ends.
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
  return new Response(new ReadableStream<Uint8Array>(new EventStream(hub, options), { highWaterMark: 0 }), { headers: EVENT_STREAM_HEADERS });
}

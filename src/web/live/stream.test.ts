import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveHub, REPLAY_MAX_AGE_MS, REPLAY_MAX_EVENTS, SHUTDOWN_RECONNECT_HINT_MS } from '#platform/live/hub.ts';
import { newEventId } from '#platform/live/publish.ts';
import { HEARTBEAT_INTERVAL_MS, lastEventIdOf, liveEventStream, RECONNECT_HINT_MS } from './stream.ts';

afterEach(() => vi.useRealTimers());

async function readSome(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value } = await reader.read();
  return new TextDecoder().decode(value);
}

const owner = { key: 'session:a', limit: 10 };
const review = (id: string, workspaceId = 7, wallboardId: number | null = null) => ({
  id,
  workspaceId,
  event: 'reviewAdded' as const,
  celebration: true,
  wallboards: [wallboardId],
  review: { reviewerName: 'Sam', rating: 5, wallboardId },
});

describe('liveEventStream', () => {
  it('starts with a retry hint and the current data, sends a heartbeat every 20 s, and leaves the hub when the client goes', async () => {
    vi.useFakeTimers();
    let total = 0;
    const hub = new LiveHub(async () => ({ total: ++total }));
    const abort = new AbortController();
    const response = liveEventStream(hub, { workspaceId: 7, owner, signal: abort.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();

    expect(await readSome(reader)).toBe(`retry: ${RECONNECT_HINT_MS}\n: connected\n\n`);
    expect(await readSome(reader)).toBe('event: data_update\ndata: {"data":{"total":1}}\n\n');
    expect(hub.clientCount()).toBe(1);

    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(HEARTBEAT_INTERVAL_MS).toBeLessThanOrEqual(25_000);
    expect(await readSome(reader)).toBe(': heartbeat\n\n');

    await hub.deliver(review('e1'));
    expect(await readSome(reader)).toBe(
      'id: e1\nevent: reviewAdded\ndata: {"data":{"total":2},"celebration":true,"review":{"reviewerName":"Sam","rating":5}}\n\n',
    );

    abort.abort();
    expect(hub.clientCount()).toBe(0);
    expect((await reader.read()).done).toBe(true);
  });

  it('beats every stream of a hub from one timer, about 20 s after it opened, and stops the timer when the last one goes', async () => {
    vi.useFakeTimers();
    const hub = new LiveHub(async () => ({}));
    const open = () => {
      const abort = new AbortController();
      const reader = liveEventStream(hub, { workspaceId: 7, owner, signal: abort.signal }).body!.getReader();
      const chunks: string[] = [];
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          chunks.push(new TextDecoder().decode(value));
        }
      })();
      return { abort, heartbeats: () => chunks.filter((chunk) => chunk === ': heartbeat\n\n').length };
    };
    const first = open();
    await vi.advanceTimersByTimeAsync(7_000);
    const second = open();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS - 7_000 - 1_000);
    expect([first.heartbeats(), second.heartbeats()]).toEqual([0, 0]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect([first.heartbeats(), second.heartbeats()]).toEqual([1, 0]);
    await vi.advanceTimersByTimeAsync(6_000);
    expect([first.heartbeats(), second.heartbeats()]).toEqual([1, 0]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect([first.heartbeats(), second.heartbeats()]).toEqual([1, 1]);
    first.abort.abort();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect([first.heartbeats(), second.heartbeats()]).toEqual([1, 2]);
    second.abort.abort();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('replays to a reconnecting client what it missed since its Last-Event-ID, celebration included', async () => {
    const hub = new LiveHub(async () => ({ total: 3 }));
    await hub.deliver({ id: 'e1', workspaceId: 7, event: 'data_update' });
    await hub.deliver(review('e2'));
    await hub.deliver({ id: 'e3', workspaceId: 7, event: 'data_update' });
    const reader = liveEventStream(hub, { workspaceId: 7, lastEventId: 'e1', owner, signal: new AbortController().signal }).body!.getReader();
    await readSome(reader);
    expect(await readSome(reader)).toBe(
      'id: e2\nevent: reviewAdded\ndata: {"data":{"total":3},"celebration":true,"review":{"reviewerName":"Sam","rating":5}}\n\n',
    );
    expect(await readSome(reader)).toBe('id: e3\nevent: data_update\ndata: {"data":{"total":3}}\n\n');
  });

  it('sends only the current data for an id it does not keep, or when nothing was missed', async () => {
    const hub = new LiveHub(async () => ({ total: 1 }));
    await hub.deliver(review('e1'));
    for (const lastEventId of ['unknown', 'e1']) {
      const reader = liveEventStream(hub, { workspaceId: 7, lastEventId, owner, signal: new AbortController().signal }).body!.getReader();
      await readSome(reader);
      expect(await readSome(reader)).toBe('event: data_update\ndata: {"data":{"total":1}}\n\n');
    }
  });

  it('refuses more streams than their owner may hold, and counts a closed one out', async () => {
    const hub = new LiveHub(async () => ({}));
    const aborts = Array.from({ length: 3 }, () => new AbortController());
    const limited = { key: 'session:b', limit: 3 };
    for (const abort of aborts) expect(liveEventStream(hub, { workspaceId: 7, owner: limited, signal: abort.signal }).status).toBe(200);
    const refused = liveEventStream(hub, { workspaceId: 7, owner: limited, signal: new AbortController().signal });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/Too many live connections/);
    expect(liveEventStream(hub, { workspaceId: 7, owner: { key: 'session:c', limit: 3 }, signal: new AbortController().signal }).status).toBe(200);
    aborts[0]!.abort();
    expect(hub.ownedBy('session:b')).toBe(2);
    expect(liveEventStream(hub, { workspaceId: 7, owner: limited, signal: new AbortController().signal }).status).toBe(200);
  });

  it('reads Last-Event-ID from the header EventSource sends, or from the query a page sends', () => {
    expect(lastEventIdOf(new Request('http://x/api/events', { headers: { 'last-event-id': 'e9' } }))).toBe('e9');
    expect(lastEventIdOf(new Request('http://x/api/events?lastEventId=e8'))).toBe('e8');
    expect(lastEventIdOf(new Request('http://x/api/events'))).toBeNull();
    expect(lastEventIdOf(new Request(`http://x/api/events?lastEventId=${'x'.repeat(200)}`))).toBeNull();
  });
});

describe('LiveHub', () => {
  it('at shutdown sends every stream a short retry hint and ends it, and ends a stream opened later the same way', async () => {
    const hub = new LiveHub(async () => ({ total: 1 }));
    const reader = liveEventStream(hub, { workspaceId: 7, owner, signal: new AbortController().signal }).body!.getReader();
    await readSome(reader);
    await readSome(reader);
    hub.closeAll();
    expect(SHUTDOWN_RECONNECT_HINT_MS).toBeLessThan(RECONNECT_HINT_MS);
    expect(await readSome(reader)).toBe(`retry: ${SHUTDOWN_RECONNECT_HINT_MS}\n\n`);
    expect((await reader.read()).done).toBe(true);
    expect(hub.clientCount()).toBe(0);

    const late = liveEventStream(hub, { workspaceId: 7, owner, signal: new AbortController().signal });
    expect(late.status).toBe(200);
    expect(late.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await late.text()).toBe(`retry: ${SHUTDOWN_RECONNECT_HINT_MS}\n\n`);
    expect(hub.clientCount()).toBe(0);
  });

  it('encodes an event once and hands every client the same bytes', async () => {
    const hub = new LiveHub(async () => ({ total: 1 }));
    const sent: Uint8Array[] = [];
    for (let i = 0; i < 3; i++) hub.add({ workspaceId: 1, wallboardId: null, write: (_message, encoded) => sent.push(encoded!), close: () => {} });
    await hub.deliver(review('e1', 1));
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
    expect(new TextDecoder().decode(sent[0])).toMatch(/^id: e1\nevent: reviewAdded\n/);
  });

  it("delivers only to clients of the notice's workspace and loads the data once per notice", async () => {
    const load = vi.fn(async (id: number) => ({ workspace: id }));
    const hub = new LiveHub(load);
    const received: string[] = [];
    for (const [workspaceId, name] of [
      [1, 'a'],
      [1, 'b'],
      [2, 'c'],
    ] as const) {
      hub.add({ workspaceId, wallboardId: null, write: (message) => received.push(`${name}:${message}`), close: () => {} });
    }
    await hub.deliver({ id: 'e1', workspaceId: 1, event: 'data_update' });
    const message = 'id: e1\nevent: data_update\ndata: {"data":{"workspace":1}}\n\n';
    expect(received).toEqual([`a:${message}`, `b:${message}`]);
    expect(load).toHaveBeenCalledTimes(1);

    await hub.deliver({ id: 'e2', workspaceId: 3, event: 'data_update' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not deliver live a notice that arrived before a client joined: the client gets it by replay', async () => {
    let release: (value: unknown) => void = () => {};
    const hub = new LiveHub(() => new Promise((resolve) => (release = resolve)));
    const delivering = hub.deliver(review('e1'));
    const received: string[] = [];
    hub.add({ workspaceId: 7, wallboardId: null, write: (m) => received.push(m), close: () => {} });
    release({});
    await delivering;
    expect(received).toEqual([]);
    expect(hub.missedSince(7, 'e0')).toBeNull();
  });

  it('keeps the newest events for a few minutes, per workspace', async () => {
    let now = 1_000_000;
    const hub = new LiveHub(
      async () => ({}),
      () => now,
    );
    for (let i = 0; i <= REPLAY_MAX_EVENTS + 5; i++) await hub.deliver({ id: `e${i}`, workspaceId: 1, event: 'data_update' });
    await hub.deliver({ id: 'other', workspaceId: 2, event: 'data_update' });
    expect(hub.missedSince(1, 'e0')).toBeNull();
    expect(hub.missedSince(1, `e${REPLAY_MAX_EVENTS}`)!.map((n) => n.id)).toEqual([
      `e${REPLAY_MAX_EVENTS + 1}`,
      `e${REPLAY_MAX_EVENTS + 2}`,
      `e${REPLAY_MAX_EVENTS + 3}`,
      `e${REPLAY_MAX_EVENTS + 4}`,
      `e${REPLAY_MAX_EVENTS + 5}`,
    ]);
    expect(hub.missedSince(1, 'other')).toBeNull();
    now += REPLAY_MAX_AGE_MS + 1;
    expect(hub.missedSince(1, `e${REPLAY_MAX_EVENTS}`)).toBeNull();
  });

  it("asks its loader for every read: sharing loads is the snapshot store's, which knows when a notice makes one old", async () => {
    // The runtime's loader reads the shared dashboard snapshot (src/platform/live/dashboard-snapshots.test.ts
    // tests the sharing). A hub that shared loads itself would answer a notice with a load begun before it.
    let n = 0;
    const load = vi.fn(async () => ({ n: ++n }));
    const hub = new LiveHub(load);
    expect(await Promise.all([hub.data(1), hub.data(1)])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('closes the streams of a revoked kiosk link only, and keeps no such notice for replay', async () => {
    const hub = new LiveHub(async () => ({}));
    const closed: number[] = [];
    hub.add({ workspaceId: 1, wallboardId: null, kioskLinkId: 10, write: () => {}, close: () => closed.push(10) });
    hub.add({ workspaceId: 1, wallboardId: null, kioskLinkId: 11, write: () => {}, close: () => closed.push(11) });
    await hub.deliver({ id: 'e1', workspaceId: 1, event: 'data_update' });
    await hub.deliver({ id: 'e2', workspaceId: 1, event: 'kiosk_revoked', kioskLinkId: 10 });
    expect(closed).toEqual([10]);
    expect(hub.missedSince(1, 'e1')).toEqual([]);
  });

  it("sends each wallboard's screens that wallboard's data, and a review only to the wallboard it counts on", async () => {
    const hub = new LiveHub(async (_workspaceId, wallboardId) => ({ board: wallboardId ?? 'own' }));
    const got = new Map<string, string[]>();
    const client = (name: string, wallboardId: number | null) =>
      hub.add({ workspaceId: 1, wallboardId, write: (message) => got.set(name, [...(got.get(name) ?? []), message]), close: () => {} });
    client('own', null);
    client('one', 5);
    client('two', 6);
    await hub.deliver(review('e1', 1, 6));
    expect(got.get('two')).toEqual([
      `id: e1\nevent: reviewAdded\ndata: {"data":{"board":6},"celebration":true,"review":{"reviewerName":"Sam","rating":5}}\n\n`,
    ]);
    expect(got.get('one')).toEqual([`id: e1\nevent: reviewAdded\ndata: {"data":{"board":5}}\n\n`]);
    expect(got.get('own')).toEqual([`id: e1\nevent: reviewAdded\ndata: {"data":{"board":"own"}}\n\n`]);
    // A screen of another wallboard that reconnects is replayed the event without the review, too.
    await hub.deliver({ id: 'e0', workspaceId: 1, event: 'data_update' });
    await hub.deliver(review('e2', 1, 6));
    const reader = liveEventStream(hub, { workspaceId: 1, wallboardId: 5, lastEventId: 'e0', owner, signal: new AbortController().signal }).body!.getReader();
    await readSome(reader);
    expect(await readSome(reader)).toBe(`id: e2\nevent: reviewAdded\ndata: {"data":{"board":5}}\n\n`);
  });

  it("closes the streams of a deleted wallboard only, and a wallboard's whose data is gone", async () => {
    let gone = false;
    const hub = new LiveHub(async (_workspaceId, wallboardId) => (gone && wallboardId === 6 ? null : {}));
    const closed: (number | null)[] = [];
    for (const wallboardId of [null, 5, 6, 6]) hub.add({ workspaceId: 1, wallboardId, write: () => {}, close: () => closed.push(wallboardId) });
    await hub.deliver({ id: 'e1', workspaceId: 1, event: 'wallboard_deleted', wallboardId: 5 });
    expect(closed).toEqual([5]);
    gone = true;
    await hub.deliver({ id: 'e2', workspaceId: 1, event: 'data_update' });
    expect(closed).toEqual([5, 6, 6]);
  });

  it('gets ids that do not repeat, even within one millisecond', () => {
    expect(new Set(Array.from({ length: 1000 }, () => newEventId(5))).size).toBe(1000);
  });
});

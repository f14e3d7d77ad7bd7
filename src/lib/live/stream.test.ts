import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveHub } from './hub.ts';
import { HEARTBEAT_INTERVAL_MS, liveEventStream } from './stream.ts';

afterEach(() => vi.useRealTimers());

async function readSome(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value } = await reader.read();
  return new TextDecoder().decode(value);
}

describe('liveEventStream', () => {
  it('starts with the current data, sends a heartbeat every 20 s, and leaves the hub when the client goes', async () => {
    vi.useFakeTimers();
    let total = 0;
    const hub = new LiveHub(async () => ({ total: ++total }));
    const abort = new AbortController();
    const response = liveEventStream(hub, { workspaceId: 7, signal: abort.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();

    expect(await readSome(reader)).toBe(': connected\n\n');
    expect(await readSome(reader)).toBe('event: data_update\ndata: {"data":{"total":1}}\n\n');
    expect(hub.clientCount()).toBe(1);

    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(HEARTBEAT_INTERVAL_MS).toBeLessThanOrEqual(25_000);
    expect(await readSome(reader)).toBe(': heartbeat\n\n');

    await hub.deliver({ workspaceId: 7, event: 'reviewAdded', celebration: true, review: { reviewerName: 'Sam', rating: 5 } });
    expect(await readSome(reader)).toBe(
      'event: reviewAdded\ndata: {"data":{"total":2},"celebration":true,"review":{"reviewerName":"Sam","rating":5}}\n\n',
    );

    abort.abort();
    expect(hub.clientCount()).toBe(0);
    expect((await reader.read()).done).toBe(true);
  });
});

describe('LiveHub', () => {
  it('delivers only to clients of the notice\'s workspace and loads the data once per notice', async () => {
    const load = vi.fn(async (id: number) => ({ workspace: id }));
    const hub = new LiveHub(load);
    const received: string[] = [];
    for (const [workspaceId, name] of [[1, 'a'], [1, 'b'], [2, 'c']] as const) {
      hub.add({ workspaceId, write: (message) => received.push(`${name}:${message}`), close: () => {} });
    }
    await hub.deliver({ workspaceId: 1, event: 'data_update' });
    const message = 'event: data_update\ndata: {"data":{"workspace":1}}\n\n';
    expect(received).toEqual([`a:${message}`, `b:${message}`]);
    expect(load).toHaveBeenCalledTimes(1);

    await hub.deliver({ workspaceId: 3, event: 'data_update' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one data load between callers that ask at the same time', async () => {
    let release: (value: unknown) => void = () => {};
    const load = vi.fn(() => new Promise((resolve) => (release = resolve)));
    const hub = new LiveHub(load);
    const both = Promise.all([hub.data(1), hub.data(1)]);
    release({ n: 1 });
    expect(await both).toEqual([{ n: 1 }, { n: 1 }]);
    expect(load).toHaveBeenCalledTimes(1);
    void hub.data(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('closes the streams of a revoked kiosk link only', async () => {
    const hub = new LiveHub(async () => ({}));
    const closed: number[] = [];
    hub.add({ workspaceId: 1, kioskLinkId: 10, write: () => {}, close: () => closed.push(10) });
    hub.add({ workspaceId: 1, kioskLinkId: 11, write: () => {}, close: () => closed.push(11) });
    await hub.deliver({ workspaceId: 1, event: 'kiosk_revoked', kioskLinkId: 10 });
    expect(closed).toEqual([10]);
  });
});

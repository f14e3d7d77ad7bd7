import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, retryDelay, type LiveStatus } from './connection.ts';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: string;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  /** As EventSource does: an event without an id of its own carries the last id the stream saw. */
  private lastEventId = '';
  emit(name: string, payload: unknown, id?: string) {
    if (id) this.lastEventId = id;
    for (const listener of this.listeners.get(name) ?? []) listener({ data: JSON.stringify(payload), lastEventId: this.lastEventId } as MessageEvent);
  }
}

function setup(fetchAnswers: () => Response = () => Response.json({ total: 1 }), pageEvents: EventTarget | null = null) {
  const data: unknown[] = [];
  const celebrations: unknown[] = [];
  const statuses: LiveStatus[] = [];
  const fetchData = vi.fn(async () => fetchAnswers());
  const gone = vi.fn();
  const events = vi.fn();
  const stop = connectLive<{ total: number }>({
    eventsUrl: '/api/events',
    dataUrl: '/api/dashboard',
    onData: (d) => data.push(d),
    onCelebration: (d) => celebrations.push(d),
    onStatus: (s) => statuses.push(s),
    onGone: gone,
    onEvent: events,
    createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource,
    fetchData,
    pageEvents,
  });
  const latest = () => FakeEventSource.all.at(-1)!;
  return { data, celebrations, statuses, fetchData, gone, events, stop, latest };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
});
afterEach(() => vi.useRealTimers());

describe('retryDelay', () => {
  it('waits 5, 10, 20, 30, 30 s, then 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([5000, 10_000, 20_000, 30_000, 30_000, 60_000, 60_000, 60_000]);
  });
});

describe('connectLive', () => {
  it('closes the stream while the page sits in the back/forward cache, and opens it again when the page comes back', () => {
    const page = new EventTarget();
    const transition = (type: string, persisted: boolean) => page.dispatchEvent(Object.assign(new Event(type), { persisted }));
    const live = setup(undefined, page);
    live.latest().onopen!();
    live.latest().emit('data_update', { data: { total: 2 } }, '7');
    transition('pagehide', true);
    expect(live.latest().closed).toBe(true);
    // Put away, the page holds no connection: no retry, no polling.
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(live.fetchData).not.toHaveBeenCalled();
    transition('pageshow', true);
    expect(FakeEventSource.all).toHaveLength(2);
    // The stream that comes back names the last event seen, so nothing in between is missed.
    expect(live.latest().url).toBe('/api/events?lastEventId=7');
    // A page shown for the first time, or hidden for good, changes nothing.
    transition('pageshow', false);
    expect(FakeEventSource.all).toHaveLength(2);
    live.stop();
    expect(live.latest().closed).toBe(true);
    transition('pageshow', true);
    expect(FakeEventSource.all).toHaveLength(2);
  });

  it('stays on the stream once it opens, delivering data and celebrations', () => {
    const live = setup();
    live.latest().onopen!();
    live.latest().emit('data_update', { data: { total: 2 } });
    live.latest().emit('reviewAdded', { data: { total: 3 }, celebration: true, review: { reviewerName: 'Sam', rating: 5 } });
    live.latest().emit('celebration', { data: { demo: true }, celebration: true });
    live.latest().emit('data_update', { data: { total: 3 } });
    expect(live.data).toEqual([{ total: 2 }, { total: 3 }]);
    // Every data event is reported, even one whose data did not change (lists other than the dashboard re-read).
    expect(live.events).toHaveBeenCalledTimes(3);
    expect(live.celebrations).toEqual([{ reviewerName: 'Sam', rating: 5 }, { demo: true }]);
    expect(live.statuses.at(-1)).toBe('live');
    vi.advanceTimersByTime(120_000);
    expect(live.fetchData).not.toHaveBeenCalled();
    expect(FakeEventSource.all).toHaveLength(1);
    live.stop();
  });

  it('falls back to polling when the stream does not open within 5 s, and retries with backoff', async () => {
    const live = setup();
    await vi.advanceTimersByTimeAsync(4999);
    expect(live.fetchData).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(live.latest().closed).toBe(true);
    expect(live.fetchData).toHaveBeenCalledTimes(1);
    expect(live.statuses).toContain('polling');
    expect(live.data).toEqual([{ total: 1 }]);

    // Retry 1 after 5 s fails on error at once; retry 2 comes 10 s later.
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeEventSource.all).toHaveLength(2);
    live.latest().onerror!();
    await vi.advanceTimersByTimeAsync(9999);
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all).toHaveLength(3);

    // Polling went on every 15 s meanwhile, re-rendering only on a change.
    expect(live.fetchData.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(live.data).toEqual([{ total: 1 }]);

    // Back on the stream: polling stops.
    live.latest().onopen!();
    const polls = live.fetchData.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.fetchData.mock.calls.length).toBe(polls);
    expect(live.statuses.at(-1)).toBe('live');
    live.stop();
  });

  it('stops and reports when the data is gone (a revoked kiosk link)', async () => {
    const live = setup(() => new Response('{}', { status: 404 }));
    live.latest().onerror!();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.gone).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('ignores an event whose data is not JSON', () => {
    const live = setup();
    live.latest().onopen!();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    (live.latest() as unknown as { listeners: Map<string, ((e: MessageEvent) => void)[]> }).listeners.get('data_update')![0]!({
      data: 'not json',
    } as MessageEvent);
    expect(live.data).toEqual([]);
    expect(warn).toHaveBeenCalled();
    live.stop();
  });
});

describe('reconnecting', () => {
  it('names the last event it saw when it opens a new stream, and celebrates a replayed event once', () => {
    const { celebrations, data, latest } = setup();
    const first = latest();
    first.onopen?.();
    expect(first.url).toBe('/api/events');
    first.emit('data_update', { data: { total: 1 } });
    first.emit('reviewAdded', { data: { total: 2 }, celebration: true, review: { reviewerName: 'Sam' } }, 'e1');
    expect(celebrations).toEqual([{ reviewerName: 'Sam' }]);

    first.onerror?.();
    vi.advanceTimersByTime(retryDelay(1));
    const second = latest();
    expect(second).not.toBe(first);
    expect(second.url).toBe('/api/events?lastEventId=e1');
    second.onopen?.();
    // The server replays what came after e1, and e1 itself may come again: it does not celebrate twice.
    second.emit('reviewAdded', { data: { total: 3 }, celebration: true, review: { reviewerName: 'Ana' } }, 'e2');
    second.emit('reviewAdded', { data: { total: 3 }, celebration: true, review: { reviewerName: 'Ana' } }, 'e2');
    second.emit('reviewAdded', { data: { total: 3 }, celebration: true, review: { reviewerName: 'Sam' } }, 'e1');
    expect(celebrations).toEqual([{ reviewerName: 'Sam' }, { reviewerName: 'Ana' }]);
    expect(data.at(-1)).toEqual({ total: 3 });

    // The last new event names the next stream, not the repeated one.
    second.onerror?.();
    vi.advanceTimersByTime(retryDelay(1));
    expect(latest().url).toBe('/api/events?lastEventId=e2');
  });
});

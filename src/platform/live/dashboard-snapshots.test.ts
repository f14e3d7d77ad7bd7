import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { dashboardSnapshots, KeyedSnapshots, noticeArrived, noticeNotPublished, noticePublished, SnapshotStore } from './dashboard-snapshots.ts';

/** A loader whose loads end when the test says, counting them. */
function controlledLoader() {
  const pending: ((value: string) => void)[] = [];
  let started = 0;
  const load = () => {
    started += 1;
    return new Promise<string>((resolve) => pending.push(resolve));
  };
  return {
    load,
    get started() {
      return started;
    },
    /** Ends the oldest load still under way. */
    finish(value: string) {
      pending.shift()!(value);
    },
  };
}

function storeWithClock(ttlMs = 2_000) {
  const clock = { now: 1_000_000 };
  const store = new SnapshotStore<string>({ ttlMs, now: () => clock.now });
  return { clock, store };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SnapshotStore', () => {
  it('gives callers that ask at the same time one load', async () => {
    const { store } = storeWithClock();
    const loader = controlledLoader();
    const callers = Array.from({ length: 50 }, () => store.get(1, null, loader.load));
    loader.finish('v1');
    expect(await Promise.all(callers)).toEqual(Array(50).fill('v1'));
    expect(loader.started).toBe(1);
  });

  it('serves the loaded snapshot within its TTL and loads again after it', async () => {
    const { clock, store } = storeWithClock(2_000);
    const loader = controlledLoader();
    const first = store.get(1, null, loader.load);
    loader.finish('v1');
    expect(await first).toBe('v1');
    clock.now += 1_999;
    expect(await store.get(1, null, loader.load)).toBe('v1');
    expect(loader.started).toBe(1);
    clock.now += 1;
    const again = store.get(1, null, loader.load);
    expect(loader.started).toBe(2);
    loader.finish('v2');
    expect(await again).toBe('v2');
  });

  it('counts the TTL from when the load started, not from when it ended', async () => {
    const { clock, store } = storeWithClock(2_000);
    const loader = controlledLoader();
    const first = store.get(1, null, loader.load);
    clock.now += 1_500;
    loader.finish('v1');
    await first;
    clock.now += 500;
    void store.get(1, null, loader.load);
    expect(loader.started).toBe(2);
  });

  it('does not serve a load that started before an invalidation to callers that arrive after it, nor keep it', async () => {
    const { store } = storeWithClock();
    const loader = controlledLoader();
    const before = store.get(1, null, loader.load);
    store.invalidate(1);
    const after = store.get(1, null, loader.load);
    expect(loader.started).toBe(2);
    loader.finish('old');
    loader.finish('new');
    // The caller that asked before the change gets the load it joined; the one after, the new load.
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await store.get(1, null, loader.load)).toBe('new');
    expect(loader.started).toBe(2);
  });

  it('does not keep a load that ends after an invalidation, even when nobody asked in between', async () => {
    const { store } = storeWithClock();
    const loader = controlledLoader();
    const before = store.get(1, null, loader.load);
    store.invalidate(1);
    loader.finish('old');
    expect(await before).toBe('old');
    const after = store.get(1, null, loader.load);
    expect(loader.started).toBe(2);
    loader.finish('new');
    expect(await after).toBe('new');
  });

  it('drops a kept snapshot on invalidation', async () => {
    const { store } = storeWithClock();
    const loader = controlledLoader();
    const first = store.get(1, 7, loader.load);
    loader.finish('v1');
    await first;
    store.invalidate(1);
    const second = store.get(1, 7, loader.load);
    loader.finish('v2');
    expect(await second).toBe('v2');
    expect(loader.started).toBe(2);
  });

  it('keeps the wallboards of a workspace apart, and invalidates all of them together', async () => {
    const { store } = storeWithClock();
    const loads: string[] = [];
    const loadOf = (name: string) => async () => {
      loads.push(name);
      return name;
    };
    expect(await store.get(1, null, loadOf('own'))).toBe('own');
    expect(await store.get(1, 7, loadOf('board 7'))).toBe('board 7');
    expect(await store.get(1, 8, loadOf('board 8'))).toBe('board 8');
    expect(await store.get(2, null, loadOf('other workspace'))).toBe('other workspace');
    expect(await store.get(1, 7, loadOf('board 7 again'))).toBe('board 7');
    store.invalidate(1);
    expect(await store.get(1, null, loadOf('own again'))).toBe('own again');
    expect(await store.get(1, 7, loadOf('board 7 again'))).toBe('board 7 again');
    expect(await store.get(2, null, loadOf('other workspace again'))).toBe('other workspace');
    expect(loads).toEqual(['own', 'board 7', 'board 8', 'other workspace', 'own again', 'board 7 again']);
  });

  it('keeps no failed load: the next caller tries again', async () => {
    const { store } = storeWithClock();
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      return 'v2';
    };
    await expect(store.get(1, null, load)).rejects.toThrow('database away');
    expect(await store.get(1, null, load)).toBe('v2');
    expect(calls).toBe(2);
  });

  it('drops expired snapshots, on its own, so memory stays bounded', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { clock, store } = storeWithClock(2_000);
    for (let workspace = 1; workspace <= 100; workspace++) await store.get(workspace, null, async () => `w${workspace}`);
    expect(store.size()).toBe(100);
    clock.now += 2_000;
    vi.advanceTimersByTime(2_000);
    expect(store.size()).toBe(0);
  });

  it('keeps a load under way when sweeping', async () => {
    const { clock, store } = storeWithClock(2_000);
    const loader = controlledLoader();
    const pending = store.get(1, null, loader.load);
    clock.now += 10_000;
    store.sweep();
    expect(store.size()).toBe(1);
    void store.get(1, null, loader.load);
    expect(loader.started).toBe(1);
    loader.finish('v1');
    expect(await pending).toBe('v1');
  });
});

describe('the snapshots of a database', () => {
  const database = (): Database => ({}) as Database;

  it('are one per database, found again by every copy of the module (a global keyed by Symbol.for)', () => {
    const a = database();
    const b = database();
    expect(dashboardSnapshots(a)).toBe(dashboardSnapshots(a));
    expect(dashboardSnapshots(a)).not.toBe(dashboardSnapshots(b));
    const registry = (globalThis as Record<symbol, WeakMap<Database, unknown>>)[Symbol.for('review-challenge.dashboard-snapshots')];
    expect(registry.get(a)).toBe(dashboardSnapshots(a));
  });

  it('are invalidated when this process publishes a notice, and not a second time when it comes back', async () => {
    const db = database();
    const { store } = dashboardSnapshots<string>(db);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await store.get(1, null, load)).toBe('v1');
    noticePublished(db, 1, 'e1');
    expect(await store.get(1, null, load)).toBe('v2');
    noticeArrived(db, 1, 'e1');
    expect(await store.get(1, null, load)).toBe('v2');
    expect(loads).toBe(2);
  });

  it('are invalidated when a notice of another instance arrives', async () => {
    const db = database();
    const { store } = dashboardSnapshots<string>(db);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await store.get(1, null, load)).toBe('v1');
    noticeArrived(db, 1, 'from-elsewhere');
    expect(await store.get(1, null, load)).toBe('v2');
  });

  it('forget a notice that could not be published, and keep only so many ids', () => {
    const db = database();
    noticePublished(db, 1, 'failed');
    noticeNotPublished(db, 'failed');
    expect(dashboardSnapshots(db).publishedIds.has('failed')).toBe(false);
    for (let i = 0; i < 1_500; i++) noticePublished(db, 1, `e${i}`);
    expect(dashboardSnapshots(db).publishedIds.size).toBe(1_000);
    expect(dashboardSnapshots(db).publishedIds.has('e1499')).toBe(true);
    expect(dashboardSnapshots(db).publishedIds.has('e0')).toBe(false);
  });
});

describe('KeyedSnapshots (kiosk links by token)', () => {
  function links() {
    const clock = { now: 1_000_000 };
    const cache = new KeyedSnapshots<string>({ ttlMs: 2_000, now: () => clock.now });
    let loads = 0;
    const found = (workspaceId: number, value: string) => async () => {
      loads += 1;
      return { workspaceId, value };
    };
    return { clock, cache, found, loads: () => loads };
  }

  it('reads a link once for the screens that open with it within the TTL, then again', async () => {
    const { clock, cache, found, loads } = links();
    for (let i = 0; i < 5; i++) expect(await cache.get('token-a', found(1, 'link 1'))).toBe('link 1');
    expect(loads()).toBe(1);
    clock.now += 2_000;
    await cache.get('token-a', found(1, 'link 1'));
    expect(loads()).toBe(2);
  });

  it('drops the links of a workspace when it is invalidated (a revocation), and only those', async () => {
    const { cache, found, loads } = links();
    await cache.get('token-a', found(1, 'link 1'));
    await cache.get('token-b', found(2, 'link 2'));
    cache.invalidate(1);
    expect(await cache.get('token-a', async () => null)).toBeNull();
    await cache.get('token-b', found(2, 'link 2'));
    expect(loads()).toBe(2);
  });

  it('does not keep a read that an invalidation overtook, nor an unknown token', async () => {
    const { cache, found, loads } = links();
    let finish = () => {};
    const slow = cache.get('token-a', () => new Promise((resolve) => (finish = () => resolve({ workspaceId: 1, value: 'before revocation' }))));
    cache.invalidate(1);
    finish();
    expect(await slow).toBe('before revocation');
    expect(await cache.get('token-a', async () => null)).toBeNull();
    expect(await cache.get('token-x', async () => null)).toBeNull();
    await cache.get('token-x', found(3, 'made later'));
    expect(loads()).toBe(1);
  });

  it('is dropped with the dashboard snapshots when a notice is published or arrives', async () => {
    const db = {} as Database;
    const kioskLinks = dashboardSnapshots(db).kioskLinks as KeyedSnapshots<string>;
    let loads = 0;
    const load = async () => ({ workspaceId: 7, value: `read ${++loads}` });
    await kioskLinks.get('t', load);
    noticePublished(db, 7, 'mine');
    expect(await kioskLinks.get('t', load)).toBe('read 2');
    noticeArrived(db, 7, 'theirs');
    expect(await kioskLinks.get('t', load)).toBe('read 3');
  });
});

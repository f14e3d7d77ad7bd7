import type { Database } from '../db/database.ts';

/**
 * How long a dashboard snapshot is served, counted from when its load started. Every live notice of
 * the workspace drops its snapshots at once; this only bounds the changes that publish nothing
 * (the challenge week rolling over, a row written by hand).
 */
export const SNAPSHOT_TTL_MS = 2_000;

/** A snapshot's key within its workspace: the named wallboard's id, or null for the workspace's own board. */
export type WallboardKey = number | null;

interface Entry<T> {
  /** The workspace's generation when the load started. */
  generation: number;
  promise: Promise<T>;
  /** When the snapshot stops being served; Infinity while its load is under way. */
  expiresAt: number;
}

interface Bucket<T> {
  generation: number;
  entries: Map<WallboardKey, Entry<T>>;
}

export interface SnapshotStoreOptions {
  ttlMs?: number;
  now?: () => number;
}

/**
 * Short-lived snapshots per (workspace, wallboard): callers that ask at the same time share one
 * load, callers within the TTL get its result, and an invalidation of the workspace ends both.
 *
 * The generation rule: each workspace has a generation, and an invalidation moves it on (here the
 * workspace's bucket is dropped; the next one takes a number from a counter that only grows, so no
 * later bucket can carry an earlier generation). A load remembers the generation it started in; its
 * result is kept only if the workspace is still in that generation when it ends. So a load that
 * started before a change is never served to a caller that arrives after the change: that caller
 * finds no entry (the invalidation dropped it) and starts its own load. Callers that joined the old
 * load before the invalidation still get its result: they asked before the change was announced.
 */
export class SnapshotStore<T> {
  private readonly buckets = new Map<number, Bucket<T>>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private generations = 0;
  private sweepTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: SnapshotStoreOptions = {}) {
    this.ttlMs = options.ttlMs ?? SNAPSHOT_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** The snapshot of (workspace, wallboard): the kept one while it is fresh, else the one `load` makes. */
  get(workspaceId: number, wallboardId: WallboardKey, load: () => Promise<T>): Promise<T> {
    const startedAt = this.now();
    let bucket = this.buckets.get(workspaceId);
    if (!bucket) this.buckets.set(workspaceId, (bucket = { generation: ++this.generations, entries: new Map() }));
    const kept = bucket.entries.get(wallboardId);
    if (kept && kept.expiresAt > startedAt) return kept.promise;
    const entry: Entry<T> = { generation: bucket.generation, promise: Promise.resolve() as Promise<T>, expiresAt: Infinity };
    entry.promise = load().then(
      (value) => {
        if (this.current(workspaceId, wallboardId) === entry) {
          entry.expiresAt = startedAt + this.ttlMs;
          this.scheduleSweep();
        }
        return value;
      },
      (error: unknown) => {
        if (this.current(workspaceId, wallboardId) === entry) this.drop(workspaceId, wallboardId);
        throw error;
      },
    );
    bucket.entries.set(wallboardId, entry);
    return entry.promise;
  }

  /** Something of the workspace changed: its snapshots, kept or being loaded, are not served again. */
  invalidate(workspaceId: number): void {
    this.buckets.delete(workspaceId);
  }

  /** Snapshots kept or being loaded, over all workspaces. */
  size(): number {
    let total = 0;
    for (const bucket of this.buckets.values()) total += bucket.entries.size;
    return total;
  }

  /** Drops the expired snapshots (and the workspaces left with none). */
  sweep(): void {
    const now = this.now();
    for (const [workspaceId, bucket] of this.buckets) {
      for (const [key, entry] of bucket.entries) if (entry.expiresAt <= now) bucket.entries.delete(key);
      if (bucket.entries.size === 0) this.buckets.delete(workspaceId);
    }
  }

  /** The entry a finished load may be stored in: the same one, in the generation it started in. */
  private current(workspaceId: number, wallboardId: WallboardKey): Entry<T> | undefined {
    const bucket = this.buckets.get(workspaceId);
    const entry = bucket?.entries.get(wallboardId);
    return entry && entry.generation === bucket!.generation ? entry : undefined;
  }

  private drop(workspaceId: number, wallboardId: WallboardKey): void {
    const bucket = this.buckets.get(workspaceId);
    bucket?.entries.delete(wallboardId);
    if (bucket?.entries.size === 0) this.buckets.delete(workspaceId);
  }

  /** One timer while anything is kept, so an idle process lets go of its last snapshots too. */
  private scheduleSweep(): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = null;
      this.sweep();
      if (this.buckets.size) this.scheduleSweep();
    }, this.ttlMs);
    this.sweepTimer.unref?.();
  }
}

/**
 * Values found by a key that is not the workspace (a kiosk link by its token), kept for the TTL and
 * dropped with the workspace's snapshots. A load is kept only when no workspace was invalidated while
 * it ran (its workspace is not known before it ends), so a revoked link is never served after the
 * revocation's notice.
 */
export class KeyedSnapshots<V> {
  private readonly entries = new Map<string, { workspaceId: number; value: V; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private invalidations = 0;

  constructor(options: SnapshotStoreOptions = {}) {
    this.ttlMs = options.ttlMs ?? SNAPSHOT_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  async get(key: string, load: () => Promise<{ workspaceId: number; value: V } | null>): Promise<V | null> {
    const startedAt = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > startedAt) return kept.value;
    if (kept) this.entries.delete(key);
    const invalidationsBefore = this.invalidations;
    const found = await load();
    if (!found) return null;
    if (this.invalidations === invalidationsBefore) {
      if (this.entries.size >= KEYED_SNAPSHOTS_KEPT) this.dropExpired();
      this.entries.set(key, { ...found, expiresAt: startedAt + this.ttlMs });
    }
    return found.value;
  }

  invalidate(workspaceId: number): void {
    this.invalidations++;
    for (const [key, entry] of this.entries) if (entry.workspaceId === workspaceId) this.entries.delete(key);
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size >= KEYED_SNAPSHOTS_KEPT) this.entries.clear();
  }
}

/** Past this many kept values (kiosk links of many offices) the expired ones are dropped, then all. */
const KEYED_SNAPSHOTS_KEPT = 10_000;

/**
 * The dashboard snapshots of one database, the kiosk links read on it (every screen of an office
 * opens its stream with the same link, all at once after a restart), and the ids of the notices this
 * process published on it (their NOTIFY coming back needs no second invalidation: see `noticeArrived`).
 */
export interface DashboardSnapshots<T> {
  store: SnapshotStore<T>;
  kioskLinks: KeyedSnapshots<unknown>;
  publishedIds: Set<string>;
}

/** Notice ids remembered until their NOTIFY comes back; past this many the oldest are forgotten. */
const PUBLISHED_IDS_KEPT = 1_000;

// Where the state lives: main.ts runs the server side of src from source while the Astro bundle holds its own copy,
// so a module-level map would give each copy its own snapshots, and a notice published by the job
// workers (main.ts's copy) would not reach what the routes serve (the bundle's). The one object both
// copies share is the Database (through the runtime, see HOLDER_KEY in runtime.ts), and
// publishLiveEvent is given only the Database, not the runtime. So: a WeakMap keyed by the Database,
// held under a Symbol.for global that both copies find. Several databases in one process (tests)
// keep apart, and a closed database's snapshots go with it.
const REGISTRY_KEY = Symbol.for('review-challenge.dashboard-snapshots');
type Registry = WeakMap<Database, DashboardSnapshots<unknown>>;
const registry: Registry = ((globalThis as Record<symbol, Registry>)[REGISTRY_KEY] ??= new WeakMap());

export function dashboardSnapshots<T>(database: Database): DashboardSnapshots<T> {
  let found = registry.get(database);
  if (!found) registry.set(database, (found = { store: new SnapshotStore(), kioskLinks: new KeyedSnapshots(), publishedIds: new Set() }));
  return found as DashboardSnapshots<T>;
}

/**
 * This process is about to publish a notice of a change it has committed: its own readers must see
 * the change from now on, without waiting for the NOTIFY to come back (on PostgreSQL it can come later).
 */
export function noticePublished(database: Database, workspaceId: number, id: string): void {
  const snapshots = dashboardSnapshots(database);
  invalidate(snapshots, workspaceId);
  snapshots.publishedIds.add(id);
  if (snapshots.publishedIds.size > PUBLISHED_IDS_KEPT) {
    const oldest = snapshots.publishedIds.values().next().value;
    if (oldest !== undefined) snapshots.publishedIds.delete(oldest);
  }
}

/** The notice was not published after all (the NOTIFY failed): nothing will come back for it. */
export function noticeNotPublished(database: Database, id: string): void {
  dashboardSnapshots(database).publishedIds.delete(id);
}

/**
 * A notice came in by LISTEN. One of another instance (or of a process without this registry)
 * invalidates the workspace's snapshots; one this process published already did when it was
 * published, and a load started since then started after the change was committed.
 */
export function noticeArrived(database: Database, workspaceId: number, id: string): void {
  const snapshots = dashboardSnapshots(database);
  if (!snapshots.publishedIds.delete(id)) invalidate(snapshots, workspaceId);
}

function invalidate(snapshots: DashboardSnapshots<unknown>, workspaceId: number): void {
  snapshots.store.invalidate(workspaceId);
  snapshots.kioskLinks.invalidate(workspaceId);
}

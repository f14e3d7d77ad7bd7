import type { LiveEventName, PublishedNotice } from './publish.ts';

/** A wallboard of a workspace: a named one's id, or null for the workspace's own. */
export type WallboardKey = number | null;

/** One connected event-stream client. */
export interface LiveClient {
  workspaceId: number;
  /** The wallboard it shows: it is sent that wallboard's data, and only its reviews. */
  wallboardId: WallboardKey;
  /** Set for a kiosk screen, so revoking its link can close it. */
  kioskLinkId?: number;
  /** Who opened it (a session, a kiosk link): each may hold only so many streams at once. */
  owner?: string;
  /**
   * Writes an already formatted server-sent event; `encoded` is the same event as UTF-8, made once
   * for every client it goes to (a stream writes those bytes rather than encoding its own copy).
   */
  write(message: string, encoded?: Uint8Array): void;
  close(): void;
}

/** Events kept per workspace for screens that reconnect: the newest this many, for this long. */
export const REPLAY_MAX_EVENTS = 100;
export const REPLAY_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * What a stream is sent before it is ended at shutdown: a short `retry:` hint, so the screen comes
 * back within a second (behind a load balancer, to another instance) rather than after the usual wait.
 */
export const SHUTDOWN_RECONNECT_HINT_MS = 1000;
export const SHUTDOWN_MESSAGE = `retry: ${SHUTDOWN_RECONNECT_HINT_MS}\n\n`;
const encoder = new TextEncoder();
const SHUTDOWN_BYTES = encoder.encode(SHUTDOWN_MESSAGE);

/** A named server-sent event whose data is the payload as JSON, with its id when it has one. */
export function formatEvent(event: LiveEventName, payload: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

type Replayable = PublishedNotice & { event: LiveEventName };

/** What the hub reads for a screen: one wallboard's current data, null when it (or its workspace) is gone. */
export type LoadData = (workspaceId: number, wallboardId: WallboardKey) => Promise<unknown>;

/**
 * The process's fan-out: every instance listens once on the NOTIFY channel and hands each notice to
 * its own clients of that workspace. Dashboard data is loaded once per notice, not once per client.
 * The last few minutes of notices are kept, so a screen that reconnects with the id of the last
 * event it saw gets what it missed (the same ids on every instance: they come with the notice).
 */
export class LiveHub {
  private readonly clients = new Map<number, Set<LiveClient>>();
  private readonly owners = new Map<string, number>();
  private readonly recent = new Map<number, { notice: Replayable; at: number }[]>();
  private readonly loadData: LoadData;
  private readonly now: () => number;
  private shutDown = false;

  constructor(loadData: LoadData, now: () => number = Date.now) {
    this.loadData = loadData;
    this.now = now;
  }

  /**
   * The workspace's current data, as `loadData` gives it. The runtime's reads the workspace's shared
   * dashboard snapshot (src/platform/live/dashboard-snapshots.ts): callers that ask while a load is under way
   * share it, so a thousand screens reconnecting together after a restart cost one load, not a
   * thousand; and a load that started before a notice is not what the hub sends for that notice.
   * (The hub no longer shares loads itself: it could not tell a load begun before a notice from one
   * begun after, and sent the older data for the notice.)
   */
  data(workspaceId: number, wallboardId: WallboardKey = null): Promise<unknown> {
    return this.loadData(workspaceId, wallboardId);
  }

  add(client: LiveClient): () => void {
    let set = this.clients.get(client.workspaceId);
    if (!set) this.clients.set(client.workspaceId, (set = new Set()));
    set.add(client);
    const { owner } = client;
    if (owner) this.owners.set(owner, this.ownedBy(owner) + 1);
    return () => {
      if (!set.delete(client)) return;
      if (owner) {
        const left = this.ownedBy(owner) - 1;
        if (left > 0) this.owners.set(owner, left);
        else this.owners.delete(owner);
      }
      if (set.size === 0 && this.clients.get(client.workspaceId) === set) this.clients.delete(client.workspaceId);
    };
  }

  /** Sends every open stream the shutdown hint and ends it; streams opened from now on end at once (see liveEventStream). */
  closeAll(): void {
    this.shutDown = true;
    for (const set of [...this.clients.values()]) {
      for (const client of [...set]) {
        client.write(SHUTDOWN_MESSAGE, SHUTDOWN_BYTES);
        client.close();
      }
    }
  }

  get closed(): boolean {
    return this.shutDown;
  }

  /** Streams open now for one owner. */
  ownedBy(owner: string): number {
    return this.owners.get(owner) ?? 0;
  }

  clientCount(): number {
    let total = 0;
    for (const set of this.clients.values()) total += set.size;
    return total;
  }

  /**
   * The notices of the workspace after the one with `lastEventId`, oldest first; null when that id is
   * not among the kept ones (too old, or unknown), and the screen should just take the current data.
   */
  missedSince(workspaceId: number, lastEventId: string): Replayable[] | null {
    const kept = this.kept(workspaceId);
    const index = kept.findIndex((entry) => entry.notice.id === lastEventId);
    return index === -1 ? null : kept.slice(index + 1).map((entry) => entry.notice);
  }

  /**
   * The event a screen of `wallboardId` is sent for a notice, with that wallboard's data as it is now.
   * A review's celebration and its reviewer go only to the wallboards the review counts on: another
   * client's TV gets the new figures of its own board and nothing of the review.
   */
  message(notice: Replayable, data: unknown, wallboardId: WallboardKey = null): string {
    let payload: object;
    if (notice.event === 'celebration') payload = { data: notice.detail ?? {}, celebration: true };
    // A notice without `wallboards` comes from an instance older than named wallboards' streams: its own board.
    else if (notice.event === 'reviewAdded' && notice.celebration && (notice.wallboards ?? [null]).includes(wallboardId)) {
      const review =
        notice.review && (notice.review.wallboardId ?? null) === wallboardId
          ? { reviewerName: notice.review.reviewerName, rating: notice.review.rating }
          : undefined;
      payload = { data, celebration: true, ...(review ? { review } : {}) };
    } else payload = { data };
    return formatEvent(notice.event, payload, notice.id);
  }

  async deliver(notice: PublishedNotice): Promise<void> {
    const clients = this.clients.get(notice.workspaceId);
    if (notice.event === 'kiosk_revoked' || notice.event === 'wallboard_deleted') {
      // Closing a client takes it out of the set: collect the link's (or the wallboard's) clients first.
      const ended: LiveClient[] = [];
      for (const client of clients ?? []) {
        if (notice.event === 'kiosk_revoked' ? client.kioskLinkId === notice.kioskLinkId : client.wallboardId === notice.wallboardId) ended.push(client);
      }
      for (const client of ended) client.close();
      return;
    }
    this.keep(notice);
    if (!clients?.size) return;
    // Who is connected now gets it live; a client that connects from here on gets it by its replay
    // (or its first data_update). So the set is copied when the data must be awaited, not otherwise.
    if (notice.event === 'celebration') {
      const message = this.message(notice, null);
      const encoded = encoder.encode(message);
      for (const client of clients) client.write(message, encoded);
      return;
    }
    const byWallboard = new Map<WallboardKey, LiveClient[]>();
    for (const client of clients) {
      const group = byWallboard.get(client.wallboardId);
      if (group) group.push(client);
      else byWallboard.set(client.wallboardId, [client]);
    }
    await Promise.all(
      [...byWallboard].map(async ([wallboardId, targets]) => {
        const data = await this.data(notice.workspaceId, wallboardId);
        if (data === null && wallboardId !== null) {
          // The wallboard is gone (deleted on an instance whose notice this one missed): its screens end.
          for (const client of targets) client.close();
          return;
        }
        // Formatted and encoded once per wallboard; each of its clients is handed the same bytes.
        const message = this.message(notice, data, wallboardId);
        const encoded = encoder.encode(message);
        for (const client of targets) client.write(message, encoded);
      }),
    );
  }

  private keep(notice: Replayable): void {
    const kept = this.kept(notice.workspaceId);
    kept.push({ notice, at: this.now() });
    if (kept.length > REPLAY_MAX_EVENTS) kept.splice(0, kept.length - REPLAY_MAX_EVENTS);
    this.recent.set(notice.workspaceId, kept);
  }

  private kept(workspaceId: number): { notice: Replayable; at: number }[] {
    const since = this.now() - REPLAY_MAX_AGE_MS;
    const kept = (this.recent.get(workspaceId) ?? []).filter((entry) => entry.at >= since);
    if (kept.length) this.recent.set(workspaceId, kept);
    else this.recent.delete(workspaceId);
    return kept;
  }
}

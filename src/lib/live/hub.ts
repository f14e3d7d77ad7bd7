import type { LiveEventName, LiveNotice } from './publish.ts';

/** One connected event-stream client. */
export interface LiveClient {
  workspaceId: number;
  /** Set for a kiosk screen, so revoking its link can close it. */
  kioskLinkId?: number;
  /** Writes an already formatted server-sent event. */
  write(message: string): void;
  close(): void;
}

/** A named server-sent event whose data is the payload as JSON. */
export function formatEvent(event: LiveEventName, payload: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * The process's fan-out: every instance listens once on the NOTIFY channel and hands each notice to
 * its own clients of that workspace. Dashboard data is loaded once per notice, not once per client.
 */
export class LiveHub {
  private readonly clients = new Map<number, Set<LiveClient>>();
  private readonly loadData: (workspaceId: number) => Promise<unknown>;
  private readonly loading = new Map<number, Promise<unknown>>();

  constructor(loadData: (workspaceId: number) => Promise<unknown>) {
    this.loadData = loadData;
  }

  /**
   * The workspace's current data. Callers that ask while a load is under way share it: a thousand
   * screens reconnecting together after a restart cost one load, not a thousand.
   */
  data(workspaceId: number): Promise<unknown> {
    let pending = this.loading.get(workspaceId);
    if (!pending) {
      pending = this.loadData(workspaceId).finally(() => this.loading.delete(workspaceId));
      this.loading.set(workspaceId, pending);
    }
    return pending;
  }

  add(client: LiveClient): () => void {
    let set = this.clients.get(client.workspaceId);
    if (!set) this.clients.set(client.workspaceId, (set = new Set()));
    set.add(client);
    return () => {
      set.delete(client);
      if (set.size === 0 && this.clients.get(client.workspaceId) === set) this.clients.delete(client.workspaceId);
    };
  }

  clientCount(): number {
    let total = 0;
    for (const set of this.clients.values()) total += set.size;
    return total;
  }

  async deliver(notice: LiveNotice): Promise<void> {
    const clients = this.clients.get(notice.workspaceId);
    if (!clients?.size) return;
    if (notice.event === 'kiosk_revoked') {
      for (const client of [...clients]) if (client.kioskLinkId === notice.kioskLinkId) client.close();
      return;
    }
    const payload =
      notice.event === 'celebration'
        ? { data: notice.detail ?? {}, celebration: true }
        : {
            data: await this.data(notice.workspaceId),
            ...(notice.event === 'reviewAdded' && notice.celebration ? { celebration: true, review: notice.review } : {}),
          };
    const message = formatEvent(notice.event, payload);
    for (const client of clients) client.write(message);
  }
}

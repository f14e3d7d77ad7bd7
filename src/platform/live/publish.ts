import { randomBytes } from 'node:crypto';
import { noticeNotPublished, noticePublished } from './dashboard-snapshots.ts';
import type { Database } from '../db/database.ts';

/** The one NOTIFY channel every instance listens on. */
export const LIVE_CHANNEL = 'review_challenge_live';

export type LiveEventName = 'reviewAdded' | 'data_update' | 'celebration';

/**
 * What crosses instances. Kept small (NOTIFY payloads are limited to 8000 bytes): each instance reads
 * the dashboard itself when one of its clients needs it.
 */
export type LiveNotice =
  | {
      workspaceId: number;
      event: 'reviewAdded';
      celebration: boolean;
      /** The wallboards (null: the workspace's own) the new reviews count on: only their screens celebrate. */
      wallboards: (number | null)[];
      /** The first new review, shown only on the wallboard it counts on. */
      review?: { reviewerName: string | null; rating: number; wallboardId: number | null };
    }
  | { workspaceId: number; event: 'data_update' }
  | { workspaceId: number; event: 'celebration'; detail?: Record<string, string | number | boolean> }
  | { workspaceId: number; event: 'kiosk_revoked'; kioskLinkId: number }
  | { workspaceId: number; event: 'wallboard_deleted'; wallboardId: number };

/**
 * A notice as every instance receives it: its id is given once, here, so it is the same on every
 * instance, and a screen that reconnects to any of them can say which event it saw last.
 */
export type PublishedNotice = LiveNotice & { id: string };

/** The time of publishing (base-36 milliseconds, for a person reading a log) and random bits that make it unique. */
export function newEventId(now = Date.now()): string {
  return `${now.toString(36)}-${randomBytes(4).toString('hex')}`;
}

/**
 * Called after the change is committed. This process's dashboard snapshots of the workspace are
 * dropped here and now, so a client that changes something and at once reads the dashboard from this
 * instance sees its change; the other instances drop theirs when the notice reaches them.
 */
export async function publishLiveEvent(database: Database, notice: LiveNotice): Promise<void> {
  const id = newEventId();
  noticePublished(database, notice.workspaceId, id);
  try {
    await database.notify(LIVE_CHANNEL, JSON.stringify({ ...notice, id }));
  } catch (error) {
    noticeNotPublished(database, id);
    throw error;
  }
}

/** Something that moves the dashboard changed (a team edited, a request logged, a review matched). */
export function announceDataChange(database: Database, workspaceId: number): Promise<void> {
  return publishLiveEvent(database, { workspaceId, event: 'data_update' });
}

export function parseLiveNotice(payload: string): PublishedNotice | null {
  try {
    const notice = JSON.parse(payload) as PublishedNotice;
    return Number.isInteger(notice?.workspaceId) && typeof notice.event === 'string' && typeof notice.id === 'string' ? notice : null;
  } catch {
    return null;
  }
}

/**
 * For a command that changed the dashboard's data: announces the change once the command says it was
 * made (`ok`), and hands its result back. A command announces its own change; its route does not.
 */
export async function announcedIfDone<T extends { ok: boolean }>(database: Database, workspaceId: number, result: T): Promise<T> {
  if (result.ok) await announceDataChange(database, workspaceId);
  return result;
}

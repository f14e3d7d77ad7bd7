import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { googleConnections, settings } from '#platform/db/schema.ts';
import { httpUrlOrNull } from '#shared/http-url.ts';
import { open, seal } from '#platform/secret-box.ts';
import { putSetting, readSettings } from '#domain/workspace/settings.ts';
import { checkSettingValue } from '#shared/settings-rules.ts';
import { NO_REGISTRATION, registrationOf, type PushRegistration } from './push-setting.ts';

// A workspace's Google Business Profile connection: the refresh token (a sealed setting, never
// returned), the account and location ids (settings, so manual entry and discovery write the same
// keys), and the connection's health and last sync (google_connections).

export const REFRESH_TOKEN_KEY = 'gmb_refresh_token';
export const ACCOUNT_ID_KEY = 'gmb_account_id';
export const LOCATION_ID_KEY = 'gmb_location_id';

export interface LastSync {
  at: string;
  outcome: 'success' | 'failed';
  error: string | null;
  added: number;
  updated: number;
  removed: number;
}

export interface GoogleConnection {
  /** A sealed refresh token is stored (the SPEC's "connected"). */
  tokenStored: boolean;
  /** The refresh token in clear, for this process only; null when not connected or not openable here. */
  refreshToken: string | null;
  accountId: string | null;
  locationId: string | null;
  broken: boolean;
  brokenReason: string | null;
  locationTitle: string | null;
  mapsUri: string | null;
  lastSync: LastSync | null;
  /** The notification setting registered with Google, and when Google last pushed (push-setting.ts). */
  push: PushRegistration;
}

export async function readConnection(db: Db, workspaceId: number, secretKey: Buffer): Promise<GoogleConnection> {
  const [values, [state]] = await Promise.all([
    readSettings(db, workspaceId, [REFRESH_TOKEN_KEY, ACCOUNT_ID_KEY, LOCATION_ID_KEY]),
    db.select().from(googleConnections).where(eq(googleConnections.workspaceId, workspaceId)),
  ]);
  const sealed = values.get(REFRESH_TOKEN_KEY);
  const locationId = values.get(LOCATION_ID_KEY) || null;
  const details = locationId !== null && state?.locationId === locationId ? state : undefined;
  return {
    tokenStored: Boolean(sealed),
    refreshToken: sealed ? open(sealed, secretKey) : null,
    accountId: values.get(ACCOUNT_ID_KEY) || null,
    locationId,
    broken: Boolean(state?.brokenAt),
    brokenReason: state?.brokenReason ?? null,
    locationTitle: details?.locationTitle ?? null,
    mapsUri: details?.mapsUri ?? null,
    lastSync:
      state?.lastSyncAt && state.lastSyncOutcome
        ? {
            at: state.lastSyncAt.toISOString(),
            outcome: state.lastSyncOutcome,
            error: state.lastSyncError,
            added: state.lastSyncAdded,
            updated: state.lastSyncUpdated,
            removed: state.lastSyncRemoved,
          }
        : null,
    push: state ? registrationOf(state) : NO_REGISTRATION,
  };
}

async function updateState(db: Db, workspaceId: number, values: Partial<typeof googleConnections.$inferInsert>): Promise<void> {
  await db
    .insert(googleConnections)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: googleConnections.workspaceId, set: values });
}

/** A new consent: the token is sealed at rest, and a broken connection is whole again. */
export async function storeRefreshToken(db: Db, workspaceId: number, refreshToken: string, secretKey: Buffer): Promise<void> {
  await putSetting(db, workspaceId, REFRESH_TOKEN_KEY, seal(refreshToken, secretKey));
  await updateState(db, workspaceId, { brokenAt: null, brokenReason: null });
}

/** Google refused the refresh token (invalid_grant): no further calls until the admin reconnects. */
export async function markBroken(db: Db, workspaceId: number, reason: string): Promise<void> {
  await updateState(db, workspaceId, { brokenAt: new Date(), brokenReason: reason });
}

/** Forgets the token and the connection's state; the ids stay, so a reconnect needs no discovery. */
export async function forgetConnection(db: Db, workspaceId: number): Promise<void> {
  await db.delete(settings).where(and(eq(settings.workspaceId, workspaceId), inArray(settings.key, [REFRESH_TOKEN_KEY])));
  await db.delete(googleConnections).where(eq(googleConnections.workspaceId, workspaceId));
}

export interface DiscoveredLocation {
  accountId: string;
  locationId: string;
  title: string | null;
  mapsUri: string | null;
  newReviewUri: string | null;
}

/** Stores what discovery found; the review link is filled from Google's own link only when empty. */
export async function saveDiscovery(db: Db, workspaceId: number, found: DiscoveredLocation): Promise<void> {
  await putSetting(db, workspaceId, ACCOUNT_ID_KEY, found.accountId);
  await putSetting(db, workspaceId, LOCATION_ID_KEY, found.locationId);
  await saveLocationDetails(db, workspaceId, found);
  const link = checkSettingValue('google_review_link', found.newReviewUri ?? '');
  if (link.ok && link.value) {
    const current = await readSettings(db, workspaceId, ['google_review_link']);
    if (!current.get('google_review_link')) await putSetting(db, workspaceId, 'google_review_link', link.value);
  }
}

/** The title and Maps page of a location (the link every Google review points to). */
export async function saveLocationDetails(db: Db, workspaceId: number, location: Pick<DiscoveredLocation, 'locationId' | 'title' | 'mapsUri'>): Promise<void> {
  await updateState(db, workspaceId, { locationId: location.locationId, locationTitle: location.title, mapsUri: httpUrlOrNull(location.mapsUri) });
}

export async function recordSync(db: Db, workspaceId: number, sync: Omit<LastSync, 'at'> & { at: Date }): Promise<void> {
  await updateState(db, workspaceId, {
    lastSyncAt: sync.at,
    lastSyncOutcome: sync.outcome,
    lastSyncError: sync.error,
    lastSyncAdded: sync.added,
    lastSyncUpdated: sync.updated,
    lastSyncRemoved: sync.removed,
  });
}

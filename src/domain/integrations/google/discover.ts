import type { Workspace } from '#domain/workspace/workspaces.ts';
import { GbpApi, QUICK_RETRY, resourceId } from './api.ts';
import { createOAuthClient, type GoogleRuntime } from './client.ts';
import { markBroken, readConnection, saveDiscovery } from './connection.ts';
import { GoogleError } from './errors.ts';
import { ensurePushRegistered } from './push-setting.ts';
import { QUOTA_STILL_BLOCKED } from '#shared/google-messages.ts';
import { logError } from '#platform/log/log.ts';

export interface DiscoveryAnswer {
  success: boolean;
  accountId: string | null;
  locationId: string | null;
  error: string | null;
}

/**
 * Lists the connected Google account's accounts and their locations (every page) and keeps the first
 * location: its ids, title, Maps page, and its "leave a review" link when the workspace has none.
 */
export async function discoverLocation(runtime: GoogleRuntime, workspace: Workspace): Promise<DiscoveryAnswer> {
  const { database, config, secretKey } = runtime;
  const connection = await readConnection(database.db, workspace.id, secretKey);
  const failed = (error: string): DiscoveryAnswer => ({ success: false, accountId: connection.accountId, locationId: connection.locationId, error });
  if (!connection.refreshToken) return failed('Connect a Google account first.');
  if (connection.broken) return failed(connection.brokenReason ?? 'Google no longer accepts this connection. Reconnect the Google account.');
  const api = new GbpApi(createOAuthClient(config, connection.refreshToken), config, QUICK_RETRY);
  try {
    for await (const account of api.accounts()) {
      for await (const location of api.locations(account.name)) {
        const found = {
          accountId: resourceId(account.name),
          locationId: resourceId(location.name),
          title: location.title ?? null,
          mapsUri: location.metadata?.mapsUri ?? null,
          newReviewUri: location.metadata?.newReviewUri ?? null,
        };
        await saveDiscovery(database.db, workspace.id, found);
        return { success: true, accountId: found.accountId, locationId: found.locationId, error: null };
      }
    }
    return failed('No business location was found for this Google account.');
  } catch (error) {
    if (!(error instanceof GoogleError)) throw error;
    if (error.failure === 'quota_blocked') return failed(QUOTA_STILL_BLOCKED);
    if (error.failure === 'invalid_grant') await markBroken(database.db, workspace.id, error.message);
    return failed(error.message);
  }
}

/**
 * Right after the admin connects Google: discovery at once when the ids are not known yet (a
 * reconnect keeps the ids the admin has), then the account's notification setting. A failure only
 * leaves the card at "Setup Incomplete" (or push off, with Google's refusal).
 */
export async function discoverAfterConsent(runtime: GoogleRuntime, workspace: Workspace): Promise<void> {
  const { database, config, secretKey } = runtime;
  try {
    const before = await readConnection(database.db, workspace.id, secretKey);
    if (!before.accountId || !before.locationId) await discoverLocation(runtime, workspace);
    // A new consent may be another Google account: its notification setting is registered at once.
    const connection = await readConnection(database.db, workspace.id, secretKey);
    if (connection.refreshToken && connection.accountId && !connection.broken) {
      const api = new GbpApi(createOAuthClient(config, connection.refreshToken), config, QUICK_RETRY);
      await ensurePushRegistered(database.db, api, workspace.id, connection.accountId, config.google.pubsub.topic, connection.push, { force: true });
    }
  } catch (error) {
    logError('Google discovery after connecting failed', error);
  }
}

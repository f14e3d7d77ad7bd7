import { planAllowsGoogle } from '#shared/plans.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { googleConfigured, type GoogleRuntime } from './client.ts';
import { readConnection, type LastSync } from './connection.ts';
import { pushStatus, type PushStatus } from './push-setting.ts';

/** What the admin's Google My Business Profile card shows (decision 021). Never the token. */
export interface GoogleStatus {
  allowed: boolean;
  configured: boolean;
  connected: boolean;
  broken: boolean;
  accountId: string | null;
  locationId: string | null;
  locationTitle: string | null;
  lastSync: LastSync | null;
  /** Google's notifications (issue 30): registered for this server's topic, the last one heard, Google's refusal. */
  push: PushStatus;
}

export async function googleStatus(runtime: GoogleRuntime, workspace: Workspace): Promise<GoogleStatus> {
  const connection = await readConnection(runtime.database.db, workspace.id, runtime.secretKey);
  return {
    allowed: planAllowsGoogle(workspace.plan),
    configured: googleConfigured(runtime.config),
    connected: connection.tokenStored,
    // A token this server cannot open (APP_SECRET changed) is as good as revoked.
    broken: connection.broken || (connection.tokenStored && !connection.refreshToken),
    accountId: connection.accountId,
    locationId: connection.locationId,
    locationTitle: connection.locationTitle,
    lastSync: connection.lastSync,
    push: pushStatus(connection.push, runtime.config.google.pubsub.topic, connection.accountId),
  };
}

import type { Workspace } from '#domain/workspace/workspaces.ts';
import { BUSINESS_MANAGE_SCOPE, createOAuthClient, googleConfigured, type GoogleRuntime } from './client.ts';
import { forgetConnection, readConnection, storeRefreshToken } from './connection.ts';
import { log } from '#platform/log/log.ts';
import { classifyGoogleError } from './errors.ts';
import type { OAuthErrorCode } from '#shared/google-messages.ts';
import { consumeOAuthState, createOAuthState, type OAuthStarter } from './oauth-state.ts';

/**
 * Google's consent screen for this workspace: offline access (a refresh token), asked every time.
 * `browserKey` goes into the starting browser's cookie: the callback needs it back.
 */
export async function consentUrl(runtime: GoogleRuntime, workspaceId: number, sessionId: string): Promise<{ url: string; browserKey: string }> {
  const { state, browserKey } = await createOAuthState(runtime.database.db, workspaceId, sessionId, runtime.sessionKey);
  const url = createOAuthClient(runtime.config).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: [BUSINESS_MANAGE_SCOPE],
    state,
  });
  return { url, browserKey };
}

export type ConsentOutcome = { ok: true; workspaceId: number } | { ok: false; workspaceId: number | null; error: OAuthErrorCode };

/** The callback: checks the state (once), exchanges the code, and keeps only the sealed refresh token. */
export async function completeConsent(runtime: GoogleRuntime, query: URLSearchParams, caller: Partial<OAuthStarter>): Promise<ConsentOutcome> {
  const state = query.get('state');
  const workspaceId = state ? await consumeOAuthState(runtime.database.db, state, runtime.sessionKey, caller) : null;
  if (workspaceId === null) return { ok: false, workspaceId: null, error: 'state' };
  if (query.get('error')) return { ok: false, workspaceId, error: 'denied' };
  const code = query.get('code');
  if (!code) return { ok: false, workspaceId, error: 'no_code' };
  let refreshToken: string | null | undefined;
  try {
    ({
      tokens: { refresh_token: refreshToken },
    } = await createOAuthClient(runtime.config).getToken(code));
  } catch (error) {
    log.warn({ workspaceId, reason: classifyGoogleError(error).message }, 'Google did not exchange the sign-in code');
    return { ok: false, workspaceId, error: 'exchange' };
  }
  if (!refreshToken) return { ok: false, workspaceId, error: 'no_refresh_token' };
  await storeRefreshToken(runtime.database.db, workspaceId, refreshToken, runtime.secretKey);
  return { ok: true, workspaceId };
}

/** Disconnect: Google is asked to revoke the grant (best effort), then the token is forgotten here. */
export async function disconnectGoogle(runtime: GoogleRuntime, workspace: Workspace): Promise<void> {
  const connection = await readConnection(runtime.database.db, workspace.id, runtime.secretKey);
  if (connection.refreshToken && googleConfigured(runtime.config)) {
    try {
      await createOAuthClient(runtime.config).revokeToken(connection.refreshToken);
    } catch {
      // The revoke URL carries the token: log nothing of the error but the fact.
      log.warn({ workspaceId: workspace.id }, "Google did not confirm the revocation of the workspace's token; it is forgotten here all the same");
    }
  }
  await forgetConnection(runtime.database.db, workspace.id);
}

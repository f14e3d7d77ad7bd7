import type { Runtime } from '../runtime.ts';
import { BUSINESS_MANAGE_SCOPE, createOAuthClient } from './client.ts';
import { storeRefreshToken } from './connection.ts';
import { classifyGoogleError } from './errors.ts';
import { consumeOAuthState, createOAuthState } from './oauth-state.ts';

export const OAUTH_MESSAGES = {
  badState: 'The Google sign-in expired or was already used. Please connect again.',
  denied: 'Google access was not granted, so the account was not connected.',
  noCode: 'Google did not send an authorisation code. Please connect again.',
  noRefreshToken:
    'Google did not send a refresh token. Remove Review Challenge from your Google account’s third-party access, then connect again.',
} as const;

/** Google's consent screen for this workspace: offline access (a refresh token), asked every time. */
export async function consentUrl(runtime: Runtime, workspaceId: number): Promise<string> {
  const state = await createOAuthState(runtime.database.db, workspaceId, runtime.sessionKey);
  return createOAuthClient(runtime.config).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: [BUSINESS_MANAGE_SCOPE],
    state,
  });
}

export type ConsentOutcome = { ok: true; workspaceId: number } | { ok: false; workspaceId: number | null; message: string };

/** The callback: checks the state (once), exchanges the code, and keeps only the sealed refresh token. */
export async function completeConsent(runtime: Runtime, query: URLSearchParams): Promise<ConsentOutcome> {
  const state = query.get('state');
  const workspaceId = state ? await consumeOAuthState(runtime.database.db, state, runtime.sessionKey) : null;
  if (workspaceId === null) return { ok: false, workspaceId: null, message: OAUTH_MESSAGES.badState };
  if (query.get('error')) return { ok: false, workspaceId, message: OAUTH_MESSAGES.denied };
  const code = query.get('code');
  if (!code) return { ok: false, workspaceId, message: OAUTH_MESSAGES.noCode };
  let refreshToken: string | null | undefined;
  try {
    ({ tokens: { refresh_token: refreshToken } } = await createOAuthClient(runtime.config).getToken(code));
  } catch (error) {
    return { ok: false, workspaceId, message: `Google did not accept the sign-in: ${classifyGoogleError(error).message}` };
  }
  if (!refreshToken) return { ok: false, workspaceId, message: OAUTH_MESSAGES.noRefreshToken };
  await storeRefreshToken(runtime.database.db, workspaceId, refreshToken, runtime.secretKey);
  return { ok: true, workspaceId };
}

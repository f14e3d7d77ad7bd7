import { OAuth2Client } from 'google-auth-library';
import type { Config } from '#platform/config.ts';
import type { Runtime } from '#platform/runtime.ts';

export const BUSINESS_MANAGE_SCOPE = 'https://www.googleapis.com/auth/business.manage';

/** The operator set an OAuth client: without one the Google card says "not configured". */
export function googleConfigured(config: Config): boolean {
  return Boolean(config.google.clientId && config.google.clientSecret);
}

export function oauthRedirectUri(config: Config): string {
  return new URL('/api/gmb/oauth/callback', config.publicUrl).toString();
}

/** google-auth-library's client, pointed at the configured endpoints (INTEGRATIONS.md). */
export function createOAuthClient(config: Config, refreshToken?: string): OAuth2Client {
  const client = new OAuth2Client({
    clientId: config.google.clientId,
    clientSecret: config.google.clientSecret,
    redirectUri: oauthRedirectUri(config),
    endpoints: {
      oauth2AuthBaseUrl: config.google.authUrl,
      oauth2TokenUrl: config.google.tokenUrl,
      oauth2RevokeUrl: config.google.revokeUrl,
    },
  });
  if (refreshToken) client.setCredentials({ refresh_token: refreshToken });
  return client;
}

/** What the Google wing uses of the process's runtime (not its live hub or its stop). */
export type GoogleRuntime = Pick<Runtime, 'config' | 'database' | 'jobs' | 'secretKey' | 'sessionKey'>;

// Texts of the Google integration that the server sends and the browser shows: kept free of imports
// so the admin card can use them without shipping anything of the server.

/** SPEC.md "Discovery": the error that makes the card say "Still Failed". */
export const QUOTA_STILL_BLOCKED = 'Quota still blocked. Use manual entry below.';

/**
 * Why a connection attempt came back without a connection: the OAuth routes send the code in
 * `?gmb_error=`, the admin card shows its message (a link cannot make the card show any other text).
 */
export const OAUTH_ERRORS = {
  state: 'The Google sign-in expired or was already used. Please connect again.',
  denied: 'Google access was not granted, so the account was not connected.',
  no_code: 'Google did not send an authorisation code. Please connect again.',
  no_refresh_token: 'Google did not send a refresh token. Remove Review Challenge from your Google account’s third-party access, then connect again.',
  exchange: 'Google did not accept the sign-in. Please connect again.',
  upgrade: 'Your plan does not include the Google Business Profile integration. Please upgrade.',
  not_configured: 'Google sign-in is not set up on this server yet. Ask whoever runs the server to set it up, then connect again.',
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

export function isOAuthErrorCode(code: string): code is OAuthErrorCode {
  return Object.hasOwn(OAUTH_ERRORS, code);
}

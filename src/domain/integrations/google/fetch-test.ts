import type { Workspace } from '#domain/workspace/workspaces.ts';
import { GbpApi } from './api.ts';
import { createOAuthClient, googleConfigured, type GoogleRuntime } from './client.ts';
import { markBroken, readConnection } from './connection.ts';
import { GoogleError } from './errors.ts';

/** SPEC.md "Test Google Fetch": {success, configured, message, error, reviewCount}; nothing is imported. */
export interface FetchTest {
  success: boolean;
  configured: boolean;
  message: string;
  error: string | null;
  reviewCount: number;
}

const FETCH_TEST_RETRY = { attempts: 2, baseDelayMs: 250, maxDelayMs: 1000 };

export async function testGoogleFetch(runtime: GoogleRuntime, workspace: Workspace): Promise<FetchTest> {
  const notConfigured = (message: string): FetchTest => ({ success: false, configured: false, message, error: null, reviewCount: 0 });
  if (!googleConfigured(runtime.config)) return notConfigured('Google sign-in is not configured on this server');
  const connection = await readConnection(runtime.database.db, workspace.id, runtime.secretKey);
  if (!connection.refreshToken) return notConfigured('Google Business Profile is not connected');
  if (!connection.accountId || !connection.locationId) return notConfigured('Set the account and location IDs first');
  const failed = (error: string): FetchTest => ({ success: false, configured: true, message: 'The Google fetch failed', error, reviewCount: 0 });
  if (connection.broken) return failed(connection.brokenReason ?? 'Google no longer accepts this connection. Reconnect the Google account.');
  try {
    const api = new GbpApi(createOAuthClient(runtime.config, connection.refreshToken), runtime.config, FETCH_TEST_RETRY);
    for await (const page of api.reviewPages(connection.accountId, connection.locationId)) {
      const reviewCount = page.totalReviewCount || page.reviews.length;
      return { success: true, configured: true, message: `Found ${reviewCount} reviews from Google (not imported)`, error: null, reviewCount };
    }
    return failed('Google sent no answer');
  } catch (error) {
    if (!(error instanceof GoogleError)) throw error;
    if (error.failure === 'invalid_grant') await markBroken(runtime.database.db, workspace.id, error.message);
    return failed(error.message);
  }
}

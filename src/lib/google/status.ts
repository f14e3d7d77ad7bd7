import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { reviews } from '../db/schema.ts';
import { planAllowsGoogle } from '../plans.ts';
import { LIVE_REVIEW } from '../reviews/store.ts';
import type { Runtime } from '../runtime.ts';
import type { Workspace } from '../workspaces.ts';
import { GbpApi } from './api.ts';
import { createOAuthClient, googleConfigured } from './client.ts';
import { forgetConnection, markBroken, readConnection, type LastSync } from './connection.ts';
import { GoogleError } from './errors.ts';

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
}

export async function googleStatus(runtime: Runtime, workspace: Workspace): Promise<GoogleStatus> {
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
  };
}

/** SPEC.md section 3 "GMB review". */
export interface GmbReview {
  id: number;
  reviewerName: string | null;
  reviewerProfilePhotoUrl: string | null;
  rating: number;
  comment: string | null;
  createTime: string;
  ownerReply: string | null;
  ownerReplyTime: string | null;
  reviewUrl: string | null;
}

/** The reviews the Google sync brought (all of them, not only the challenge's), newest first. */
export async function listGmbReviews(db: Db, workspaceId: number): Promise<GmbReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      reviewerName: reviews.reviewerName,
      reviewerProfilePhotoUrl: reviews.reviewerPhotoUrl,
      rating: reviews.rating,
      comment: reviews.comment,
      createTime: reviews.createTime,
      ownerReply: reviews.ownerReply,
      ownerReplyTime: reviews.ownerReplyTime,
      reviewUrl: reviews.reviewUrl,
    })
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.source, 'google'), LIVE_REVIEW))
    .orderBy(desc(reviews.createTime), desc(reviews.id));
  return rows.map((r) => ({ ...r, createTime: r.createTime.toISOString(), ownerReplyTime: r.ownerReplyTime?.toISOString() ?? null }));
}

/** SPEC.md "Test Google Fetch": {success, configured, message, error, reviewCount}; nothing is imported. */
export interface FetchTest {
  success: boolean;
  configured: boolean;
  message: string;
  error: string | null;
  reviewCount: number;
}

const FETCH_TEST_RETRY = { attempts: 2, baseDelayMs: 250, maxDelayMs: 1000 };

export async function testGoogleFetch(runtime: Runtime, workspace: Workspace): Promise<FetchTest> {
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

/** Disconnect: Google is asked to revoke the grant (best effort), then the token is forgotten here. */
export async function disconnectGoogle(runtime: Runtime, workspace: Workspace): Promise<void> {
  const connection = await readConnection(runtime.database.db, workspace.id, runtime.secretKey);
  if (connection.refreshToken && googleConfigured(runtime.config)) {
    try {
      await createOAuthClient(runtime.config).revokeToken(connection.refreshToken);
    } catch {
      // The revoke URL carries the token: log nothing of the error but the fact.
      console.warn(`Google did not confirm the revocation of workspace ${workspace.id}'s token; it is forgotten here all the same`);
    }
  }
  await forgetConnection(runtime.database.db, workspace.id);
}

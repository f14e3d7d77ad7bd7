import type { OAuth2Client } from 'google-auth-library';
import type { Config } from '#platform/config.ts';
import { log } from '#platform/log/log.ts';
import { classifyGoogleError, GoogleError } from './errors.ts';
import { googlePacer } from './pacer.ts';

// The Business Profile endpoints of INTEGRATIONS.md, each page fetched through the authorised client
// (which refreshes the access token as needed) with backoff and jitter on 429, 408 and 5xx.

export interface GbpAccount {
  name: string;
  accountName?: string;
  type?: string;
}

export interface GbpLocation {
  name: string;
  title?: string;
  metadata?: { placeId?: string; mapsUri?: string; newReviewUri?: string };
}

export interface GbpReview {
  name?: string;
  reviewId: string;
  reviewer?: { displayName?: string; profilePhotoUrl?: string; isAnonymous?: boolean };
  starRating?: string;
  comment?: string;
  createTime: string;
  updateTime?: string;
  reviewReply?: { comment?: string; updateTime?: string };
}

export interface ReviewsPage {
  /** As Google sent them: each is checked by toIncomingReview (an entry may be null or malformed). */
  reviews: unknown[];
  totalReviewCount: number;
}

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long one request may take (the sync's 30 s when unset). */
  timeoutMs?: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 250, maxDelayMs: 8000 };
/**
 * When someone, or a review on its way to the wallboard, waits for the answer: one quick retry, then
 * the outcome; Google answers one review or one reply in well under a second, so 5 s is a failure.
 */
export const QUICK_RETRY: RetryPolicy = { attempts: 2, baseDelayMs: 250, maxDelayMs: 1000, timeoutMs: 5000 };
const REQUEST_TIMEOUT_MS = 30_000;
/** Pages beyond this would mean Google keeps answering a next page: stop rather than loop forever. */
const MAX_PAGES = 10_000;

/** An API path under a configured base: Google's origins, or a proxy or fake with a path of its own. */
export function apiUrl(base: string, path: string): URL {
  return new URL(base.replace(/\/+$/, '') + path);
}

/** The id at the end of a resource name: `accounts/111` -> `111`. */
export function resourceId(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

/** "Full jitter" backoff: a random wait up to base x 2^attempt, capped. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random = Math.random): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class GbpApi {
  private readonly client: OAuth2Client;
  private readonly config: Config;
  private readonly retry: RetryPolicy;

  constructor(client: OAuth2Client, config: Config, retry: RetryPolicy = DEFAULT_RETRY) {
    this.client = client;
    this.config = config;
    this.retry = retry;
  }

  /** Every call here is idempotent (GET, and PUT, PATCH or DELETE of a whole value), so each may be retried. */
  private async call<T>(url: URL, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' = 'GET', data?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      await googlePacer(this.config.google.requestsPerMinute).take();
      try {
        const response = await this.client.request<T>({ url: url.toString(), method, data, timeout: this.retry.timeoutMs ?? REQUEST_TIMEOUT_MS, retry: false });
        return (response.data ?? {}) as T;
      } catch (error) {
        const failure = classifyGoogleError(error);
        if (!failure.retryable || attempt + 1 >= this.retry.attempts) throw failure;
        const delayMs = backoffDelay(attempt, this.retry);
        log.warn({ attempt: attempt + 1, status: failure.status, reason: failure.message, delayMs }, 'Retrying a Google API request');
        await sleep(delayMs);
      }
    }
  }

  private async *pages<T extends { nextPageToken?: string }>(build: (pageToken?: string) => URL): AsyncGenerator<T> {
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.call<T>(build(pageToken));
      yield answer;
      pageToken = answer.nextPageToken || undefined;
      if (!pageToken) return;
    }
    throw new GoogleError('other', 'Google kept answering another page; the listing was stopped');
  }

  async *accounts(): AsyncGenerator<GbpAccount> {
    for await (const page of this.pages<{ accounts?: GbpAccount[]; nextPageToken?: string }>((pageToken) => {
      const url = apiUrl(this.config.google.accountsApi, '/v1/accounts');
      url.searchParams.set('pageSize', '20');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      return url;
    })) {
      yield* page.accounts ?? [];
    }
  }

  /** `account` is the account's resource name, `accounts/{id}`. */
  async *locations(account: string): AsyncGenerator<GbpLocation> {
    for await (const page of this.pages<{ locations?: GbpLocation[]; nextPageToken?: string }>((pageToken) => {
      const url = apiUrl(this.config.google.locationsApi, `/v1/${account}/locations`);
      url.searchParams.set('readMask', 'name,title,metadata');
      url.searchParams.set('pageSize', '100');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      return url;
    })) {
      yield* page.locations ?? [];
    }
  }

  /** One location of an account by its id (listing the account's locations: v1 has no lookup by id alone). */
  async location(accountId: string, locationId: string): Promise<GbpLocation | null> {
    for await (const location of this.locations(`accounts/${accountId}`)) {
      if (resourceId(location.name) === locationId) return location;
    }
    return null;
  }

  /** One page at a time, so a location with thousands of reviews is never held in memory at once. */
  async *reviewPages(accountId: string, locationId: string): AsyncGenerator<ReviewsPage> {
    const path = `/v4/accounts/${encodeURIComponent(accountId)}/locations/${encodeURIComponent(locationId)}/reviews`;
    for await (const page of this.pages<{ reviews?: unknown; totalReviewCount?: number; nextPageToken?: string }>((pageToken) => {
      const url = apiUrl(this.config.google.reviewsApi, path);
      url.searchParams.set('pageSize', '50');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      return url;
    })) {
      yield { reviews: Array.isArray(page.reviews) ? page.reviews : [], totalReviewCount: page.totalReviewCount ?? 0 };
    }
  }

  /** One review by its resource name, `accounts/{a}/locations/{l}/reviews/{r}` (as Google sent it: checked by toIncomingReview). */
  async review(name: string): Promise<unknown> {
    return this.call<unknown>(this.reviewUrl(name));
  }

  /** Writes or replaces the owner's reply to a review (`accounts/{a}/locations/{l}/reviews/{r}`): Google answers the reply it keeps. */
  async putReply(reviewName: string, comment: string): Promise<{ comment?: string; updateTime?: string }> {
    return this.call(this.reviewUrl(`${reviewName}/reply`), 'PUT', { comment });
  }

  async deleteReply(reviewName: string): Promise<void> {
    await this.call(this.reviewUrl(`${reviewName}/reply`), 'DELETE');
  }

  private reviewUrl(name: string): URL {
    return apiUrl(this.config.google.reviewsApi, `/v4/${name.split('/').map(encodeURIComponent).join('/')}`);
  }

  /**
   * Asks Google to publish the account's new and changed reviews to `topic` (the Notifications API's
   * one setting per account; INTEGRATIONS.md "Real-time").
   */
  async registerNotifications(accountId: string, topic: string): Promise<void> {
    const name = `accounts/${encodeURIComponent(accountId)}/notificationSetting`;
    const url = apiUrl(this.config.google.notificationsApi, `/v1/${name}`);
    url.searchParams.set('updateMask', 'pubsubTopic,notificationTypes');
    await this.call(url, 'PATCH', { name, pubsubTopic: topic, notificationTypes: [...REVIEW_NOTIFICATIONS] });
  }
}

/** The notification types a workspace needs: a review posted, and a review changed (edited, replied to). */
export const REVIEW_NOTIFICATIONS = ['NEW_REVIEW', 'UPDATED_REVIEW'] as const;

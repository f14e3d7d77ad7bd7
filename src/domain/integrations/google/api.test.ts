import { describe, expect, it } from 'vitest';
import { loadConfig } from '#platform/config.ts';
import { apiUrl, backoffDelay, DEFAULT_RETRY, GbpApi } from './api.ts';

describe('backoffDelay', () => {
  it('waits a random time up to an exponentially growing, capped ceiling', () => {
    expect(backoffDelay(0, DEFAULT_RETRY, () => 0.999)).toBeLessThan(DEFAULT_RETRY.baseDelayMs);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0.999)).toBe(Math.floor(0.999 * DEFAULT_RETRY.baseDelayMs * 8));
    expect(backoffDelay(20, DEFAULT_RETRY, () => 0.999)).toBeLessThanOrEqual(DEFAULT_RETRY.maxDelayMs);
    expect(backoffDelay(2, DEFAULT_RETRY, () => 0)).toBe(0);
  });
});

describe('apiUrl', () => {
  it('puts the API path under the configured base, keeping a base path', () => {
    expect(apiUrl('https://mybusiness.googleapis.com', '/v4/accounts/1/locations/2/reviews').href).toBe(
      'https://mybusiness.googleapis.com/v4/accounts/1/locations/2/reviews',
    );
    expect(apiUrl('http://127.0.0.1:4010/google/', '/v1/accounts').href).toBe('http://127.0.0.1:4010/google/v1/accounts');
  });
});

describe('GbpApi', () => {
  it('paces its calls at GOOGLE_API_REQUESTS_PER_MINUTE once the burst is spent', async () => {
    // 600 a minute: a burst of 100, then one every 100 ms. The client answers at once.
    const config = loadConfig({ GOOGLE_API_REQUESTS_PER_MINUTE: '600' });
    const at: number[] = [];
    const client = {
      request: async ({ url }: { url: string }) => {
        at.push(performance.now());
        const page = Number(new URL(url).searchParams.get('pageToken') ?? 0);
        return { data: { reviews: [], nextPageToken: page < 104 ? String(page + 1) : undefined } };
      },
    };
    const api = new GbpApi(client as never, config);
    let pages = 0;
    for await (const _ of api.reviewPages('1', '2')) pages += 1;
    expect(pages).toBe(105);
    expect(at[99]! - at[0]!).toBeLessThan(200);
    expect(at[104]! - at[99]!).toBeGreaterThanOrEqual(450);
  });
});

import { describe, expect, it } from 'vitest';
import { apiUrl, backoffDelay, DEFAULT_RETRY } from './api.ts';

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
    expect(apiUrl('https://mybusiness.googleapis.com', '/v4/accounts/1/locations/2/reviews').href).toBe('https://mybusiness.googleapis.com/v4/accounts/1/locations/2/reviews');
    expect(apiUrl('http://127.0.0.1:4010/google/', '/v1/accounts').href).toBe('http://127.0.0.1:4010/google/v1/accounts');
  });
});

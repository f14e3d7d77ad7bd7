import { describe, expect, it } from 'vitest';
import { parseStripeApiBase } from './stripe-api-base.ts';

describe('parseStripeApiBase', () => {
  it('reads host, port and protocol from an origin', () => {
    expect(parseStripeApiBase('http://127.0.0.1:4567')).toEqual({ host: '127.0.0.1', port: 4567, protocol: 'http' });
    expect(parseStripeApiBase('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(parseStripeApiBase('http://localhost/')).toEqual({ host: 'localhost', port: 80, protocol: 'http' });
    expect(parseStripeApiBase('http://[::1]:9000')).toEqual({ host: '::1', port: 9000, protocol: 'http' });
  });

  it('refuses what is not a bare http(s) origin', () => {
    for (const bad of ['', '127.0.0.1:4567', 'ftp://example.com', 'http://example.com/v1', 'http://u:p@example.com', 'http://example.com/?a=1']) {
      expect(parseStripeApiBase(bad)).toBeNull();
    }
  });
});

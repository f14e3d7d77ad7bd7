import { describe, expect, it } from 'vitest';
import { parseOrigin } from './origin.ts';

describe('parseOrigin', () => {
  it('reads host, port and protocol from an origin', () => {
    expect(parseOrigin('http://127.0.0.1:4567')).toEqual({ host: '127.0.0.1', port: 4567, protocol: 'http' });
    expect(parseOrigin('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(parseOrigin('http://localhost/')).toEqual({ host: 'localhost', port: 80, protocol: 'http' });
    expect(parseOrigin('http://[::1]:9000')).toEqual({ host: '::1', port: 9000, protocol: 'http' });
  });

  it('refuses what is not a bare http(s) origin', () => {
    for (const bad of ['', '127.0.0.1:4567', 'ftp://example.com', 'http://example.com/v1', 'http://u:p@example.com', 'http://example.com/?a=1']) {
      expect(parseOrigin(bad)).toBeNull();
    }
  });
});

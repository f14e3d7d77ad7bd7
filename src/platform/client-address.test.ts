import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy, type TrustProxy } from './client-address.ts';

const trust = (value: string) => parseTrustProxy(value) as TrustProxy;

describe('clientAddress', () => {
  it('ignores X-Forwarded-For unless the operator trusts a proxy', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', trust('false'))).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', null, trust(''))).toBe('203.0.113.9');
  });

  it('believes only as many hops as there are proxies: a client cannot name itself', () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the one proxy appended the address it saw.
    expect(clientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7', trust('true'))).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.2', '198.51.100.7', trust('1'))).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.3', '6.6.6.6, 198.51.100.7, 10.0.0.2', trust('2'))).toBe('198.51.100.7');
    // Fewer entries than hops: the leftmost.
    expect(clientAddress('10.0.0.2', null, trust('2'))).toBe('10.0.0.2');
  });

  it('skips the named proxies from the right and stops at the first other address', () => {
    const proxies = trust('10.0.0.0/8, 2001:db8::1');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7, 10.1.2.3', proxies)).toBe('198.51.100.7');
    expect(clientAddress('2001:db8::1', '198.51.100.7', proxies)).toBe('198.51.100.7');
    // Not from a named proxy: the header is the client's own words.
    expect(clientAddress('198.51.100.8', '6.6.6.6', proxies)).toBe('198.51.100.8');
  });

  it('refuses what is not an address or range', () => {
    expect(parseTrustProxy('proxy.example')).toBeInstanceOf(Error);
    expect(parseTrustProxy('10.0.0.0/40')).toBeInstanceOf(Error);
    expect(parseTrustProxy('true')).toEqual({ hops: 1 });
  });
});

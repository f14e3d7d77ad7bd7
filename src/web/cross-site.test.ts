import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite, isFromAnotherSite } from './cross-site.ts';

const own = ['https://reviews.example.com'];
const request = (method: string, headers: Record<string, string> = {}) => new Request('https://reviews.example.com/api/x', { method, headers });

describe('isCrossSiteWrite', () => {
  it('lets reads and same-origin writes through', () => {
    expect(isCrossSiteWrite(request('GET', { origin: 'https://evil.example' }), own)).toBe(false);
    expect(isCrossSiteWrite(request('POST', { origin: 'https://reviews.example.com' }), own)).toBe(false);
    expect(isCrossSiteWrite(request('DELETE', { 'sec-fetch-site': 'same-origin' }), own)).toBe(false);
  });

  it('lets non-browser clients (no Origin) through', () => {
    expect(isCrossSiteWrite(request('DELETE'), own)).toBe(false);
  });

  it('lets a same-origin form of a no-referrer page through (Origin: null)', () => {
    expect(isCrossSiteWrite(request('POST', { origin: 'null', 'sec-fetch-site': 'same-origin' }), own)).toBe(false);
    expect(isCrossSiteWrite(request('POST', { origin: 'null' }), own)).toBe(true);
  });

  it('refuses a write from another site', () => {
    expect(isCrossSiteWrite(request('POST', { origin: 'https://evil.example' }), own)).toBe(true);
    expect(isCrossSiteWrite(request('PUT', { 'sec-fetch-site': 'cross-site' }), own)).toBe(true);
  });
});

describe('isFromAnotherSite', () => {
  it('is true only when the browser says the request came from another site', () => {
    expect(isFromAnotherSite(request('GET', { 'sec-fetch-site': 'cross-site' }))).toBe(true);
    expect(isFromAnotherSite(request('GET', { 'sec-fetch-site': 'same-site' }))).toBe(true);
    expect(isFromAnotherSite(request('GET', { 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isFromAnotherSite(request('GET', { 'sec-fetch-site': 'none' }))).toBe(false);
    expect(isFromAnotherSite(request('GET'))).toBe(false);
  });
});

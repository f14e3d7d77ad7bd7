import { describe, expect, it } from 'vitest';
import { nextPage, PAGE_SIZE_MAX, pageOf } from './paging.ts';

const url = (query: string) => new URL(`https://x.example/api/requests-report${query}`);

describe('pageOf', () => {
  it('defaults to the first full page, and reads limit and offset', () => {
    expect(pageOf(url(''))).toEqual({ limit: PAGE_SIZE_MAX, offset: 0 });
    expect(pageOf(url('?limit=50&offset=100'))).toEqual({ limit: 50, offset: 100 });
  });

  it('refuses what is not a page', () => {
    for (const query of ['?limit=0', `?limit=${PAGE_SIZE_MAX + 1}`, '?limit=-1', '?limit=abc', '?offset=-5', '?offset=1e3', '?limit=']) {
      expect(pageOf(url(query)), query).toBeNull();
    }
  });
});

describe('nextPage', () => {
  it('points past a full page, and nowhere after a short one', () => {
    expect(nextPage(url('?team=3&limit=2'), { limit: 2, offset: 0 }, 2)).toBe('/api/requests-report?team=3&limit=2&offset=2');
    expect(nextPage(url('?limit=2&offset=2'), { limit: 2, offset: 2 }, 1)).toBeNull();
  });
});

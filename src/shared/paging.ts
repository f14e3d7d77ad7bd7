// Lists that grow without end (requests, reviews) are answered a page at a time: `?limit=` (1 to
// PAGE_SIZE_MAX, the default) and `?offset=`, newest first; a full page says where the next one is.

export const PAGE_SIZE_MAX = 1000;

export interface Page {
  limit: number;
  offset: number;
}

export const FIRST_PAGE: Page = { limit: PAGE_SIZE_MAX, offset: 0 };

export const PAGE_PROBLEM = `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}, and offset one of 0 or more`;

/** The page a list request asks for, or null when its limit or offset is not a number in range. */
export function pageOf(url: URL): Page | null {
  const read = (name: string, fallback: number) => {
    const value = url.searchParams.get(name);
    return value === null ? fallback : /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  };
  const limit = read('limit', PAGE_SIZE_MAX);
  const offset = read('offset', 0);
  return limit >= 1 && limit <= PAGE_SIZE_MAX && offset >= 0 ? { limit, offset } : null;
}

/** The address of the next page when this one came back full (a Link header's target). */
export function nextPage(url: URL, page: Page, count: number): string | null {
  if (count < page.limit) return null;
  const next = new URL(url);
  next.searchParams.set('limit', String(page.limit));
  next.searchParams.set('offset', String(page.offset + page.limit));
  return `${next.pathname}${next.search}`;
}

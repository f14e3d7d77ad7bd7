// POST /api/gmb/fetch-details: a Google review or Maps link pasted by an admin, read for its place ID.

/** Place IDs are URL-safe base64-like strings ("ChIJ...", "GhIJ...", "EiI..."). */
const PLACE_ID = /^[A-Za-z0-9_-]{16,}$/;
const GOOGLE_HOSTS = /(^|\.)(google\.[a-z.]+|goo\.gl|g\.page)$/i;

export interface PlaceDetails {
  reviewLink: string;
  placeId: string;
}

/** The "write a review" link Google documents for a place ID. */
export function writeReviewLink(placeId: string): string {
  return `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
}

/**
 * The place ID in a pasted link, from the forms Google uses: `?placeid=` / `?place_id=` (review
 * links), `?query_place_id=` (Maps search links), `q=place_id:` and `!1s{placeId}` inside a Maps
 * `data=` path. Null when the link is not Google's or names no place ID (a short g.page link or a
 * Maps `cid` does not).
 */
export function placeIdFromLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || !GOOGLE_HOSTS.test(url.hostname)) return null;
  const params = url.searchParams;
  const candidates = [
    params.get('placeid'),
    params.get('place_id'),
    params.get('query_place_id'),
    /(?:^|\s)place_id:([A-Za-z0-9_-]+)/.exec(params.get('q') ?? '')?.[1],
    /!1s(ChIJ[A-Za-z0-9_-]+|GhIJ[A-Za-z0-9_-]+)/.exec(decodeURIComponent(url.pathname))?.[1],
  ];
  return candidates.find((c): c is string => typeof c === 'string' && PLACE_ID.test(c)) ?? null;
}

export function placeDetails(link: string): PlaceDetails | null {
  const placeId = placeIdFromLink(link);
  return placeId ? { reviewLink: writeReviewLink(placeId), placeId } : null;
}

import { describe, expect, it } from 'vitest';
import { placeDetails, placeIdFromLink } from './place-link.ts';

const ID = 'ChIJN1t_tDeuEmsRUsoyG83frY4';

describe('placeIdFromLink', () => {
  it('reads the place ID of a write-a-review link', () => {
    expect(placeIdFromLink(`https://search.google.com/local/writereview?placeid=${ID}`)).toBe(ID);
  });

  it('reads the place ID of Maps links in their several forms', () => {
    expect(placeIdFromLink(`https://www.google.com/maps/search/?api=1&query=Joe&query_place_id=${ID}`)).toBe(ID);
    expect(placeIdFromLink(`https://www.google.com/maps/place/?q=place_id:${ID}`)).toBe(ID);
    expect(placeIdFromLink(`https://www.google.com.au/maps/place/Joe's+Bakery/@-33.8,151.2,17z/data=!4m6!3m5!1s${ID}!8m2!3d-33.8!4d151.2`)).toBe(ID);
    expect(placeIdFromLink(`https://maps.google.com/?place_id=${ID}`)).toBe(ID);
  });

  it('refuses links that are not Google or carry no place ID', () => {
    expect(placeIdFromLink(`https://evil.example/writereview?placeid=${ID}`)).toBeNull();
    expect(placeIdFromLink('https://g.page/r/CZx1abcdEFGH/review')).toBeNull();
    expect(placeIdFromLink('https://maps.google.com/maps?cid=1234567890123456789')).toBeNull();
    expect(placeIdFromLink('not a link')).toBeNull();
    expect(placeIdFromLink(`javascript:alert(1)//google.com?placeid=${ID}`)).toBeNull();
    expect(placeIdFromLink('https://search.google.com/local/writereview?placeid=<script>')).toBeNull();
  });
});

describe('placeDetails', () => {
  it('answers the review link Google documents for the place', () => {
    expect(placeDetails(`https://www.google.com/maps/place/?q=place_id:${ID}`)).toEqual({
      placeId: ID,
      reviewLink: `https://search.google.com/local/writereview?placeid=${ID}`,
    });
  });
});

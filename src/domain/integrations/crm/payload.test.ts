import { describe, expect, it } from 'vitest';
import { crmWebhookId, parseCrmPayload, readCrmBody, type CrmBody } from './payload.ts';

const context = { deliveryKey: 'delivery-1', timeZone: 'Australia/Sydney', now: new Date('2026-11-23T00:00:00Z') };
const parse = (body: CrmBody, overrides: Partial<typeof context> = {}) => parseCrmPayload(body, { ...context, ...overrides });
const review = (body: CrmBody, overrides: Partial<typeof context> = {}) => {
  const parsed = parse(body, overrides);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.review;
};

describe('parseCrmPayload', () => {
  it('reads the documented generic form', () => {
    expect(
      review({
        reviewId: 'r-1',
        reviewerName: 'Sam Lee',
        rating: 5,
        reviewText: 'Great',
        createdAt: '2026-03-01T10:00:00Z',
        reviewUrl: 'https://g.page/x',
        source: 'google',
      }),
    ).toEqual({
      externalId: 'r-1',
      reviewerName: 'Sam Lee',
      rating: 5,
      reviewText: 'Great',
      createdAt: new Date('2026-03-01T10:00:00Z'),
      reviewUrl: 'https://g.page/x',
      platform: 'google',
      phone: null,
    });
  });

  it("reads the contact's phone number from HighLevel's contact data or the custom values", () => {
    const contact = { contact_id: 'c1', full_name: 'Ana Silva', email: 'ana@example.com', phone: '+61 412 345 678', customData: { rating: 5 } };
    expect(review(contact).phone).toBe('+61 412 345 678');
    expect(review({ customData: { rating: 5, customer_phone: '0412 345 678' } }).phone).toBe('0412 345 678');
    expect(review({ rating: 5, phone: { number: '1' } }).phone).toBeNull();
  });

  it('reads a HighLevel workflow delivery with the review in customData', () => {
    const body = {
      contact_id: null,
      location: { id: 'loc', name: 'Clinic' },
      workflow: { id: 'wf', name: 'Review Received' },
      customData: { reviewer_name: 'Ana Silva', starRating: 'FOUR', comment: 'Lovely', review_id: 'abc', dateAdded: '2026-03-02T08:00:00Z' },
      webhookId: 'wh-9',
    };
    expect(review(body)).toMatchObject({ externalId: 'abc', reviewerName: 'Ana Silva', rating: 4, reviewText: 'Lovely' });
    expect(crmWebhookId(body)).toBe('wh-9');
  });

  it('reads a review nested under "review"', () => {
    expect(review({ type: 'ReviewReceived', review: { reviewer: 'Jo', rating: 4, comment: 'Good' } })).toMatchObject({
      reviewerName: 'Jo',
      rating: 4,
      reviewText: 'Good',
    });
  });

  it('keys a review without an id by its delivery', () => {
    const john = { name: 'John', rating: 5 };
    expect(review(john).externalId).toBe(review({ ...john, rating: '5' }).externalId);
    expect(review(john).externalId).not.toBe(review(john, { deliveryKey: 'delivery-2' }).externalId);
    expect(review(john).createdAt).toBeNull();
  });

  it('keeps a very long review id as a digest of it', () => {
    const long = 'x'.repeat(500);
    expect(review({ rating: 5, reviewId: long }).externalId).toMatch(/^id-[0-9a-f]{32}$/);
    expect(review({ rating: 5, reviewId: long }).externalId).toBe(review({ rating: 5, reviewId: long }, { deliveryKey: 'other' }).externalId);
  });

  it('rounds ratings and reads the ways they are written', () => {
    expect(review({ rating: 4.5 }).rating).toBe(5);
    expect(review({ rating: '4.4' }).rating).toBe(4);
    expect(review({ rating: '4,6' }).rating).toBe(5);
    expect(review({ rating: '5 stars' }).rating).toBe(5);
    expect(review({ rating: '3/5' }).rating).toBe(3);
    expect(review({ rating: '★★' }).rating).toBe(2);
    expect(review({ starRating: 'five' }).rating).toBe(5);
    // An empty field gives way to another spelling.
    expect(review({ rating: '', customData: { stars: 4 } }).rating).toBe(4);
  });

  it('refuses only a delivery with no rating at all', () => {
    const refused = { ok: false, field: 'rating', message: 'rating must be a number of stars from 1 to 5' };
    expect(parse({ rating: 6 })).toEqual(refused);
    expect(parse({ rating: 0.2 })).toEqual(refused);
    expect(parse({ reviewerName: 'Sam', rating: '' })).toEqual(refused);
    expect(parse({ reviewerName: 'Sam' })).toEqual(refused);
  });

  it('drops a malformed optional field instead of refusing the review', () => {
    const kept = review({
      rating: 5,
      reviewerName: { first: 'x' },
      reviewText: ['a'],
      reviewUrl: 'javascript:alert(1)',
      createdAt: 'yesterday',
      source: { name: 'google' },
    });
    expect(kept).toMatchObject({ rating: 5, reviewerName: null, reviewText: null, reviewUrl: null, createdAt: null, platform: null, phone: null });
  });

  it('gives a link without a scheme https:// and drops an unreadable one', () => {
    expect(review({ rating: 5, reviewUrl: 'g.page/r/CabC123/review' }).reviewUrl).toBe('https://g.page/r/CabC123/review');
    expect(review({ rating: 5, url: '//www.facebook.com/x/reviews' }).reviewUrl).toBe('https://www.facebook.com/x/reviews');
    expect(review({ rating: 5, reviewUrl: 'not a link' }).reviewUrl).toBeNull();
    expect(review({ rating: 5, reviewUrl: 'localhost' }).reviewUrl).toBeNull();
  });

  it('reads dates under every key, with no zone in the workspace time zone', () => {
    expect(review({ rating: 5, timestamp: 1758896400 }).createdAt).toEqual(new Date('2025-09-26T14:20:00Z'));
    expect(review({ rating: 5, date: '2025-09-26T14:30:00' }).createdAt).toEqual(new Date('2025-09-26T04:30:00Z'));
    expect(review({ rating: 5, review_date: 'September 26, 2025' }).createdAt).toEqual(new Date('2025-09-25T14:00:00Z'));
    expect(review({ rating: 5, review_date: 'September 26, 2025' }, { timeZone: 'America/New_York' }).createdAt).toEqual(new Date('2025-09-26T04:00:00Z'));
    expect(review({ rating: 5, createdAt: '2025-09-26T14:30:00+02:00' }).createdAt).toEqual(new Date('2025-09-26T12:30:00Z'));
  });

  // Issue 27, item 27: 03/04/2025 was read month first in Australia, and 26/09/2025 not at all.
  it('reads numeric dates day first outside the United States and month first in it', () => {
    expect(review({ rating: 5, date: '03/04/2025' }).createdAt).toEqual(new Date('2025-04-02T13:00:00Z'));
    expect(review({ rating: 5, date: '26/09/2025' }).createdAt).toEqual(new Date('2025-09-25T14:00:00Z'));
    expect(review({ rating: 5, date: '26.09.2025 14:30' }).createdAt).toEqual(new Date('2025-09-26T04:30:00Z'));
    expect(review({ rating: 5, date: '03/04/2025' }, { timeZone: 'America/New_York' }).createdAt).toEqual(new Date('2025-03-04T05:00:00Z'));
    expect(review({ rating: 5, date: '09/26/2025' }, { timeZone: 'America/Chicago' }).createdAt).toEqual(new Date('2025-09-26T05:00:00Z'));
    // A part over 12 is the day in either order.
    expect(review({ rating: 5, date: '09/26/2025' }).createdAt).toEqual(new Date('2025-09-25T14:00:00Z'));
    expect(review({ rating: 5, date: '26/09/2025' }, { timeZone: 'America/New_York' }).createdAt).toEqual(new Date('2025-09-26T04:00:00Z'));
  });

  it('reads platform as the source', () => {
    expect(review({ rating: 5, platform: 'Facebook' }).platform).toBe('Facebook');
  });

  it('removes NUL characters and broken surrogates instead of failing on them', () => {
    const kept = review({ rating: 5, reviewerName: 'Sam\u0000 Lee', reviewText: 'Good \ud800 work\u0000' });
    expect(kept.reviewerName).toBe('Sam Lee');
    expect(kept.reviewText).toBe('Good \ufffd work');
  });

  it('cuts over-long text to size', () => {
    const kept = review({ rating: 5, reviewerName: 'N'.repeat(300), reviewText: 'T'.repeat(20_000) });
    expect(kept.reviewerName).toHaveLength(200);
    expect(kept.reviewText).toHaveLength(10_000);
  });
});

describe('readCrmBody', () => {
  it('reads JSON objects and refuses other JSON', () => {
    expect(readCrmBody('{"rating":5}', 'application/json')).toEqual({ ok: true, body: { rating: 5 } });
    expect(readCrmBody('[1]', 'application/json')).toEqual({ ok: false, message: 'The body must be a JSON object' });
    expect(readCrmBody('{"rating":', 'application/json')).toEqual({ ok: false, message: 'The body must be JSON or form-encoded' });
  });

  it('reads a form-encoded body like JSON, nested keys included', () => {
    const read = readCrmBody('reviewer_name=Ana+Silva&customData%5Brating%5D=4&customData[comment]=Lovely%21', 'application/x-www-form-urlencoded');
    expect(read).toEqual({ ok: true, body: { reviewer_name: 'Ana Silva', customData: { rating: '4', comment: 'Lovely!' } } });
    // Sent without its content type.
    expect(readCrmBody('rating=5&name=Kim', null)).toEqual({ ok: true, body: { rating: '5', name: 'Kim' } });
    const parsed = read.ok ? parseCrmPayload(read.body, context) : null;
    expect(parsed).toMatchObject({ ok: true, review: { reviewerName: 'Ana Silva', rating: 4, reviewText: 'Lovely!' } });
  });
});

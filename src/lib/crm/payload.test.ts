import { describe, expect, it } from 'vitest';
import { parseCrmPayload } from './payload.ts';

describe('parseCrmPayload', () => {
  it('reads the documented generic form', () => {
    const parsed = parseCrmPayload({
      reviewId: 'r-1',
      reviewerName: 'Sam Lee',
      rating: 5,
      reviewText: 'Great',
      createdAt: '2026-03-01T10:00:00Z',
      reviewUrl: 'https://g.page/x',
      source: 'google',
    });
    expect(parsed).toEqual({
      ok: true,
      review: {
        externalId: 'r-1',
        reviewerName: 'Sam Lee',
        rating: 5,
        reviewText: 'Great',
        createdAt: new Date('2026-03-01T10:00:00Z'),
        reviewUrl: 'https://g.page/x',
        source: 'google',
        deliveryId: null,
      },
    });
  });

  it('reads a HighLevel workflow delivery with the review in customData', () => {
    const parsed = parseCrmPayload({
      contact_id: null,
      location: { id: 'loc', name: 'Clinic' },
      workflow: { id: 'wf', name: 'Review Received' },
      customData: { reviewer_name: 'Ana Silva', starRating: 'FOUR', comment: 'Lovely', review_id: 'abc', dateAdded: '2026-03-02T08:00:00Z' },
      webhookId: 'wh-9',
    });
    expect(parsed.ok && parsed.review).toMatchObject({ externalId: 'abc', reviewerName: 'Ana Silva', rating: 4, reviewText: 'Lovely', deliveryId: 'wh-9' });
  });

  it('gives a review without an id a stable id from its content, and no date means now', () => {
    const a = parseCrmPayload({ name: 'Kim', rating: '3', review: 'ok' });
    const b = parseCrmPayload({ name: 'Kim', rating: 3, review: 'ok' });
    expect(a.ok && b.ok && a.review.externalId === b.review.externalId).toBe(true);
    expect(a.ok && a.review.createdAt).toBeNull();
  });

  it('names the field at fault', () => {
    expect(parseCrmPayload({ rating: 6 })).toEqual({ ok: false, field: 'rating', message: 'rating must be a whole number from 1 to 5' });
    expect(parseCrmPayload({ rating: 5, createdAt: 'yesterday' })).toMatchObject({ ok: false, field: 'createdAt' });
    expect(parseCrmPayload({ rating: 5, reviewerName: { first: 'x' } })).toMatchObject({ ok: false, field: 'reviewerName' });
    expect(parseCrmPayload({ rating: 5, reviewUrl: 'javascript:alert(1)' })).toMatchObject({ ok: false, field: 'reviewUrl' });
    expect(parseCrmPayload([1])).toMatchObject({ ok: false, field: 'body' });
  });
});

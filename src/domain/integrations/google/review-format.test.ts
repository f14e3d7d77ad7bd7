import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGoogleTime, starsFromEnum, toIncomingReview } from './review-format.ts';

const capturedPage = JSON.parse(readFileSync(new URL('../../../../tests/fixtures/google/reviews-page.json', import.meta.url), 'utf8'));

describe('starsFromEnum', () => {
  it('turns Google star enums into 1-5 and refuses anything else', () => {
    expect(['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'].map(starsFromEnum)).toEqual([1, 2, 3, 4, 5]);
    for (const other of ['STAR_RATING_UNSPECIFIED', 'SIX', 'five', '', undefined]) expect(starsFromEnum(other)).toBeNull();
  });
});

describe('parseGoogleTime', () => {
  it('reads RFC 3339 with 0 to 9 fractional digits and offsets', () => {
    expect(parseGoogleTime('2025-05-01T10:00:00Z')?.toISOString()).toBe('2025-05-01T10:00:00.000Z');
    expect(parseGoogleTime('2025-05-02T08:30:00.1Z')?.toISOString()).toBe('2025-05-02T08:30:00.100Z');
    expect(parseGoogleTime('2025-05-02T08:30:00.123456789Z')?.toISOString()).toBe('2025-05-02T08:30:00.123Z');
    expect(parseGoogleTime('2025-05-02T10:30:00.5+02:00')?.toISOString()).toBe('2025-05-02T08:30:00.500Z');
  });

  it('refuses what is not such a time', () => {
    for (const bad of ['', '2025-05-01', 'yesterday', '2025-13-01T10:00:00Z', '2025-05-01T10:00:00.1234567890Z', undefined]) {
      expect(parseGoogleTime(bad)).toBeNull();
    }
  });
});

describe('toIncomingReview', () => {
  const base = {
    name: 'accounts/1/locations/2/reviews/AbC',
    reviewId: 'AbC',
    reviewer: { displayName: 'Sam', profilePhotoUrl: 'https://lh3.googleusercontent.com/a/x', isAnonymous: false },
    starRating: 'FOUR',
    comment: 'Great croissants',
    createTime: '2025-05-01T10:00:00Z',
    updateTime: '2025-05-02T08:30:00.123Z',
    reviewReply: { comment: 'Thanks Sam!', updateTime: '2025-05-02T09:00:00Z' },
    someFieldGoogleAddsLater: true,
  };

  it('maps a v4 review to the reviews store, linking to the location page', () => {
    expect(toIncomingReview(base, 'https://maps.google.com/?cid=2')).toEqual({
      kind: 'google',
      source: 'google',
      externalId: 'AbC',
      reviewerName: 'Sam',
      reviewerPhotoUrl: 'https://lh3.googleusercontent.com/a/x',
      rating: 4,
      comment: 'Great croissants',
      createTime: new Date('2025-05-01T10:00:00Z'),
      updateTime: new Date('2025-05-02T08:30:00.123Z'),
      ownerReply: 'Thanks Sam!',
      ownerReplyTime: new Date('2025-05-02T09:00:00Z'),
      reviewUrl: 'https://maps.google.com/?cid=2',
    });
  });

  it('keeps no name or photo for an anonymous reviewer, and no comment for a rating-only review', () => {
    const review = toIncomingReview({ ...base, reviewer: { isAnonymous: true }, comment: undefined, reviewReply: undefined }, null);
    expect(review).toMatchObject({ reviewerName: null, reviewerPhotoUrl: null, comment: null, ownerReply: null, ownerReplyTime: null });
  });

  it('never keeps a photo link that is not http(s)', () => {
    const review = toIncomingReview({ ...base, reviewer: { ...base.reviewer, profilePhotoUrl: 'javascript:alert(1)' } }, null);
    expect(review?.reviewerPhotoUrl).toBeNull();
  });

  it('skips a review it cannot use rather than guessing', () => {
    expect(toIncomingReview({ ...base, starRating: 'STAR_RATING_UNSPECIFIED' }, null)).toBeNull();
    expect(toIncomingReview({ ...base, createTime: 'soon' }, null)).toBeNull();
    expect(toIncomingReview({ ...base, reviewId: '' }, null)).toBeNull();
  });

  it('keeps the name and photo of a named reviewer, who carries no isAnonymous (a captured page)', () => {
    const [named, anonymous] = capturedPage.reviews.map((r: unknown) => toIncomingReview(r, null));
    expect(named).toMatchObject({
      reviewerName: 'Andrés Vergara Bahena',
      reviewerPhotoUrl: 'https://lh3.googleusercontent.com/a-/AOh14GhHYdK2h-8cHEUv8uOlSXAoJ91HrjrKRfdwA9aM=c0x00000000-cc-rp',
      rating: 4,
      createTime: new Date('2020-11-12T16:49:14.374Z'),
    });
    expect(anonymous).toMatchObject({ reviewerName: null, reviewerPhotoUrl: null, rating: 5, comment: null });
  });

  it('treats only isAnonymous: true as anonymous', () => {
    expect(toIncomingReview({ ...base, reviewer: { displayName: 'Sam', isAnonymous: false } }, null)?.reviewerName).toBe('Sam');
    expect(toIncomingReview({ ...base, reviewer: { displayName: 'Sam', isAnonymous: true } }, null)?.reviewerName).toBeNull();
    expect(toIncomingReview({ ...base, reviewer: {} }, null)?.reviewerName).toBeNull();
    expect(toIncomingReview({ ...base, reviewer: undefined }, null)?.reviewerName).toBeNull();
  });

  it('answers null for an entry that is no review instead of throwing', () => {
    for (const entry of [
      null,
      undefined,
      42,
      'review',
      [],
      { reviewId: 7, starRating: 'FIVE', createTime: base.createTime },
      { ...base, starRating: 5 },
      { ...base, reviewer: 'Sam' },
    ]) {
      expect(() => toIncomingReview(entry, null)).not.toThrow();
    }
    expect(toIncomingReview(null, null)).toBeNull();
    expect(toIncomingReview({ ...base, starRating: 5 }, null)).toBeNull();
    expect(toIncomingReview({ ...base, reviewer: 'Sam' }, null)?.reviewerName).toBeNull();
  });
});

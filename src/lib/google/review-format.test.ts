import { describe, expect, it } from 'vitest';
import { parseGoogleTime, starsFromEnum, toIncomingReview } from './review-format.ts';

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
});

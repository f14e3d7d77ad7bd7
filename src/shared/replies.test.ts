import { describe, expect, it } from 'vitest';
import { waitedFor } from './relative-time.ts';
import { fillReplyTemplate, firstNameOf, replyBytes, replyLengthProblem } from './replies.ts';

describe('a reply template filled for a review', () => {
  const body = 'Hi {reviewer_first_name}, thanks from {staff_first_name} and all of {business_name}! {reviewer_first_name} ❤';

  it('puts in the reviewer’s first name as Google shows it, the business and the person who asked', () => {
    expect(fillReplyTemplate(body, { reviewerName: 'Sarah K.', businessName: 'Harbourside Dental', staffFirstName: 'Tom' })).toBe(
      'Hi Sarah, thanks from Tom and all of Harbourside Dental! Sarah ❤',
    );
  });

  it('reads well without a name or a request', () => {
    expect(fillReplyTemplate(body, { reviewerName: null, businessName: 'Harbourside Dental', staffFirstName: null })).toBe(
      'Hi there, thanks from our team and all of Harbourside Dental! there ❤',
    );
  });

  it('takes the first word of a display name, without a trailing initial’s dot', () => {
    expect(firstNameOf('  Ng, Minh  ')).toBe('Ng');
    expect(firstNameOf('S. Kim')).toBe('S');
    expect(firstNameOf('李 小龍')).toBe('李');
    expect(firstNameOf('   ')).toBeNull();
  });
});

describe("Google's reply limit", () => {
  it('counts bytes, not characters', () => {
    expect(replyBytes('é')).toBe(2);
    expect(replyBytes('👍')).toBe(4);
    expect(replyLengthProblem('a'.repeat(4096))).toBeNull();
    expect(replyLengthProblem('👍'.repeat(1025))).toBe('The reply is 4,100 bytes; Google takes at most 4,096');
    expect(replyLengthProblem(' \n ')).toBe('Write the reply first');
  });
});

describe('how long a review has waited', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  it('says it in the largest whole unit', () => {
    expect(waitedFor('2026-11-29T11:59:30Z', now)).toBe('under a minute');
    expect(waitedFor('2026-11-29T11:59:00Z', now)).toBe('1 minute');
    expect(waitedFor('2026-11-29T07:00:00Z', now)).toBe('5 hours');
    expect(waitedFor('2026-11-26T12:00:00Z', now)).toBe('3 days');
    expect(waitedFor('not a time', now)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { evidenceLines, reviewSourceLabel, reviewStatusLabel } from './review-labels.ts';

describe('reviewStatusLabel', () => {
  it('follows SPEC.md section 4 and the DESIGN.md statuses table', () => {
    expect(reviewStatusLabel('auto_matched', 87)).toEqual({ label: 'Matched (87%)', tone: 'matched' });
    expect(reviewStatusLabel('auto_matched', null).label).toBe('Matched');
    expect(reviewStatusLabel('self_confirmed', 90).label).toBe('Confirmed');
    expect(reviewStatusLabel('manual', null).label).toBe('Matched');
    expect(reviewStatusLabel('needs_review', 55).label).toBe('Needs Review');
    expect(reviewStatusLabel('unmatched', 12).label).toBe('Unmatched');
    expect(reviewStatusLabel('something_new', null)).toEqual({ label: 'something_new', tone: 'other' });
    expect(reviewStatusLabel('', null).label).toBe('Unknown');
    expect(reviewStatusLabel(null, null).label).toBe('Unknown');
  });
});

describe('reviewSourceLabel', () => {
  it('names the sources', () => {
    expect([reviewSourceLabel('google'), reviewSourceLabel('crm'), reviewSourceLabel('test'), reviewSourceLabel('other')]).toEqual([
      'Google',
      'CRM',
      'Test',
      'other',
    ]);
  });
});

describe('evidenceLines', () => {
  it('reads the matcher’s evidence', () => {
    expect(
      evidenceLines({
        name: { score: 0.96, first: 'nickname', last: 'exact', conflict: false },
        daysAfterRequest: 2.4,
        timeFactor: 1,
        clicked: true,
        clickBonus: 0.15,
        runnerUp: { requestId: 3, confidence: 52 },
      }),
    ).toEqual(['First name: nickname · last name: exact', '2 days after the request', 'Review link clicked', 'Runner-up at 52%']);
    expect(evidenceLines({ name: { score: 0, first: 'none', last: 'none', conflict: false }, daysAfterRequest: 3, phone: true })).toEqual([
      'First name: no fit · last name: no fit',
      '3 days after the request',
      'Same phone number as the request',
    ]);
    expect(
      evidenceLines({ name: { score: 0.95, first: 'exact', last: 'exact', conflict: false, handle: 'email' }, daysAfterRequest: 0.2, clicked: false }),
    ).toEqual(['Name is the customer’s email name', 'Same day as the request']);
    expect(evidenceLines({ name: { first: 'typo', last: 'none', conflict: true }, daysAfterRequest: 1 })).toEqual([
      'First name: near spelling · last name: no fit',
      'Another name in the review does not fit',
      '1 day after the request',
    ]);
    expect(evidenceLines({ name: { first: 'exact', last: 'part', conflict: true } })).toEqual([
      'First name: exact · last name: in part',
      'Another name in the review does not fit',
    ]);
  });

  it('gives nothing for anything that is not evidence', () => {
    for (const value of [null, undefined, 3, 'text', [], {}]) expect(evidenceLines(value)).toEqual([]);
  });
});

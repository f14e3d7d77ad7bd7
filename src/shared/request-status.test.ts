import { describe, expect, it } from 'vitest';
import { conversionPercent, groupByTeam, requestCount, requestStatusBadge } from './request-status.ts';

describe('requestStatusBadge', () => {
  it.each([
    ['auto_matched', 87, 'Matched (87%)', 'matched'],
    ['auto_matched', null, 'Matched', 'matched'],
    ['self_confirmed', null, 'Matched', 'matched'],
    ['self_confirmed', 100, 'Matched (100%)', 'matched'],
    ['manual', null, 'Matched', 'matched'],
    ['manual', 0, 'Matched (0%)', 'matched'],
    ['needs_review', 55, 'Needs Review', 'review'],
    ['none', null, 'Pending', 'pending'],
    ['something_new', null, 'something_new', 'other'],
  ] as const)('%s with %j reads %j', (status, confidence, label, tone) => {
    expect(requestStatusBadge(status, confidence)).toEqual({ label, tone });
  });
});

describe('requestCount', () => {
  it('says request for one and requests otherwise', () => {
    expect(requestCount(0)).toBe('0 requests');
    expect(requestCount(1)).toBe('1 request');
    expect(requestCount(2)).toBe('2 requests');
  });
});

describe('groupByTeam', () => {
  const team = (id: number, name: string) => ({ id, name, color: '#3B82F6' });
  it('sorts groups by name without regard to case, keeps row order, and puts "No team" last', () => {
    const rows = [
      { n: 1, team: team(3, 'ops') },
      { n: 2, team: null },
      { n: 3, team: team(1, 'Tax Team') },
      { n: 4, team: team(2, 'Audit') },
      { n: 5, team: team(3, 'ops') },
      { n: 6, team: team(4, 'advisory') },
    ];
    const groups = groupByTeam(rows, (r) => r.team);
    expect(groups.map((g) => [g.name, g.rows.map((r) => r.n)])).toEqual([
      ['advisory', [6]],
      ['Audit', [4]],
      ['ops', [1, 5]],
      ['Tax Team', [3]],
      ['No team', [2]],
    ]);
    expect(groups.at(-1)).toMatchObject({ id: null, color: null });
  });

  it('gives no groups for no rows', () => {
    expect(groupByTeam([], () => null)).toEqual([]);
  });
});

describe('conversionPercent', () => {
  it('is matched reviews per request sent, in whole percent, and null with nothing sent', () => {
    expect(conversionPercent({ sent: 3, reviewed: 2 })).toBe(67);
    expect(conversionPercent({ sent: 4, reviewed: 0 })).toBe(0);
    expect(conversionPercent({ sent: 0, reviewed: 0 })).toBeNull();
  });
});

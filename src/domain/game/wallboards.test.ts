import { describe, expect, it } from 'vitest';
import { namedWallboardLimit, readOnlyWallboardIds } from './wallboards.ts';

describe('wallboard limits', () => {
  it('leaves Agency nine named wallboards beside its own, every other plan none', () => {
    expect(namedWallboardLimit('agency')).toBe(9);
    for (const plan of ['free', 'starter', 'team'] as const) expect(namedWallboardLimit(plan)).toBe(0);
  });

  it('keeps the oldest named wallboards editable and makes the newest over the limit read-only', () => {
    const rows = [{ id: 30 }, { id: 10 }, { id: 20 }];
    expect(readOnlyWallboardIds(rows, 'agency')).toEqual(new Set());
    expect(readOnlyWallboardIds(rows, 'team')).toEqual(new Set([10, 20, 30]));
  });
});

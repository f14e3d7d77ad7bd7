import { describe, expect, it } from 'vitest';
import { isOwnTarget, suggestedTarget } from './target.ts';

describe('the challenge target (issue 33, item 9)', () => {
  it('suggests about 30 reviews a team, one team’s worth before there are teams', () => {
    expect(suggestedTarget(0)).toBe(30);
    expect(suggestedTarget(1)).toBe(30);
    expect(suggestedTarget(4)).toBe(120);
    expect(suggestedTarget(7)).toBe(210);
    expect(suggestedTarget(1_000_000)).toBe(100_000);
  });

  it('counts as set once it is not the default a new workspace starts with', () => {
    expect(isOwnTarget(undefined)).toBe(false);
    expect(isOwnTarget('')).toBe(false);
    expect(isOwnTarget('120')).toBe(false);
    expect(isOwnTarget('0')).toBe(false);
    expect(isOwnTarget('90')).toBe(true);
    expect(isOwnTarget(' 200 ')).toBe(true);
  });
});

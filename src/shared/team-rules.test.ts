import { describe, expect, it } from 'vitest';
import { UNKNOWN_TEAM_NAME } from '#domain/workspace/workspaces.ts';
import { canonicalTeamColor, DEFAULT_TEAM_COLOR, isReservedTeamName, RESERVED_TEAM_NAME, TEAM_COLORS, teamNameProblem } from './team-rules.ts';

describe('team rules', () => {
  it('offers the six colours of the spec, Blue by default', () => {
    expect(TEAM_COLORS.map((c) => `${c.name} ${c.value}`)).toEqual([
      'Gold #F59E0B',
      'Blue #3B82F6',
      'Purple #8B5CF6',
      'Green #10B981',
      'Red #EF4444',
      'Gray #6B7280',
    ]);
    expect(DEFAULT_TEAM_COLOR).toBe('#3B82F6');
    expect(canonicalTeamColor(' #f59e0b ')).toBe('#F59E0B');
    expect(canonicalTeamColor('#000000')).toBeUndefined();
  });

  it('needs a trimmed name of 1 to 50 characters', () => {
    expect(teamNameProblem('  ')).toBe('Team name is required');
    expect(teamNameProblem(` ${'x'.repeat(50)} `)).toBeUndefined();
    expect(teamNameProblem('x'.repeat(51))).toBe('Team name must be at most 50 characters');
  });

  it('reserves the name of the Unknown team, in any case', () => {
    expect(RESERVED_TEAM_NAME).toBe(UNKNOWN_TEAM_NAME);
    expect(isReservedTeamName(' unKNOWN ')).toBe(true);
    expect(isReservedTeamName('Unknowns')).toBe(false);
  });
});

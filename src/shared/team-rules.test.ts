import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalTeamColor, DEFAULT_TEAM_COLOR, isUnknownTeamName, UNKNOWN_TEAM_NAME, TEAM_COLORS, teamNameProblem } from './team-rules.ts';

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
    expect(UNKNOWN_TEAM_NAME).toBe('Unknown');
    expect(isUnknownTeamName(' unKNOWN ')).toBe(true);
    expect(isUnknownTeamName('Unknowns')).toBe(false);
  });

  it('is the only place that spells the Unknown team (the status label "Unknown" of src/shared/review-labels.ts is another thing)', () => {
    const src = join(import.meta.dirname, '..');
    const spelled = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|astro)$/.test(file) && !/\.test\.tsx?$/.test(file) && !['shared/team-rules.ts', 'shared/review-labels.ts'].includes(file))
      .filter((file) => /['`]Unknown['`]/.test(readFileSync(join(src, file), 'utf8')));
    expect(spelled).toEqual([]);
  });
});

// Team rules shared by the server and the Team Management card. Plain functions and constants, no
// zod and no database, so the admin islands can import them (decision 006).

/** The six colour choices of SPEC.md section 2, in the order the card shows them. */
export const TEAM_COLORS = [
  { name: 'Gold', value: '#F59E0B' },
  { name: 'Blue', value: '#3B82F6' },
  { name: 'Purple', value: '#8B5CF6' },
  { name: 'Green', value: '#10B981' },
  { name: 'Red', value: '#EF4444' },
  { name: 'Gray', value: '#6B7280' },
] as const;

export type TeamColor = (typeof TEAM_COLORS)[number]['value'];

export const DEFAULT_TEAM_COLOR: TeamColor = '#3B82F6';
export const TEAM_NAME_MAX = 50;

/**
 * The team every workspace has for reviews that match no request. No other team may take its name in
 * any case, so `isUnknownTeamName` is the one test for it, on the server and in the browser.
 */
export const UNKNOWN_TEAM_NAME = 'Unknown';
export const UNKNOWN_TEAM_COLOR = '#6B7280';

export const TEAM_NAME_REQUIRED = 'Team name is required';
export const TEAM_NAME_TOO_LONG = `Team name must be at most ${TEAM_NAME_MAX} characters`;
export const TEAM_COLOR_INVALID = 'Please choose one of the six team colours';

export function teamNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return TEAM_NAME_REQUIRED;
  if (trimmed.length > TEAM_NAME_MAX) return TEAM_NAME_TOO_LONG;
  return undefined;
}

/** The colour in its canonical spelling (#3B82F6), or undefined when it is not one of the six. */
export function canonicalTeamColor(color: string): TeamColor | undefined {
  const upper = color.trim().toUpperCase();
  return TEAM_COLORS.find((c) => c.value === upper)?.value;
}

export function isUnknownTeamName(name: string): boolean {
  return name.trim().toLowerCase() === UNKNOWN_TEAM_NAME.toLowerCase();
}

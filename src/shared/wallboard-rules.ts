import { isUnknownTeamName } from './team-rules.ts';

/**
 * A review of this many stars or fewer is celebrated as "New review collected", with no stars and no
 * name, and shown so on the wall: the game honours the effort of asking, not the stars (decision 031).
 */
export const NEUTRAL_AT_OR_BELOW = 3;

/**
 * Ranks teams by score, keeping their order (SPEC.md's alphabetical cards; the rank is a number on
 * each). Equal scores share a rank; "Unknown" has none: its reviews count for nobody.
 */
export function rankTeams<T extends { name: string; score: number; rank: number | null }>(teams: T[]): T[] {
  const ranked = teams.filter((t) => !isUnknownTeamName(t.name));
  return teams.map((t) => (isUnknownTeamName(t.name) ? t : { ...t, rank: 1 + ranked.filter((o) => o.score > t.score).length }));
}

/** "Sarah Kim" -> "Sarah K."; a single name stays as it is. */
export function firstNameAndInitial(name: string | null): string | null {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return words.length === 1 ? words[0]! : `${words[0]} ${words[words.length - 1]![0]!.toUpperCase()}.`;
}

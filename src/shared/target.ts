// The challenge's target (SPEC.md: 120 reviews until an admin sets one), and the one a workspace is
// offered from its teams when it sets its own (issue 33, item 9). Browser-safe.
import { DEFAULT_TARGET_REVIEWS, TARGET_REVIEWS_MAX } from './settings-rules.ts';

/** About this many reviews a team makes a first challenge that can be won: SPEC.md's 120 is four teams' worth. */
export const SUGGESTED_REVIEWS_PER_TEAM = 30;

/** The target offered to a workspace with `teams` teams (Unknown not counted); one team's worth before any exists. */
export function suggestedTarget(teams: number): number {
  return Math.min(TARGET_REVIEWS_MAX, Math.max(1, Math.floor(teams)) * SUGGESTED_REVIEWS_PER_TEAM);
}

/**
 * Marks that an admin saved `target_reviews` (src/domain/workspace/settings.ts): a target of 120 chosen
 * on purpose (four teams' suggestion) is set, though it is the default. Hidden from the settings card.
 */
export const TARGET_SET_KEY = 'setup_target_set';

/**
 * True when the stored `target_reviews` is a whole number other than the default a new workspace
 * starts with: a target set before TARGET_SET_KEY existed, or through the public API.
 */
export function isOwnTarget(stored: string | undefined): boolean {
  const n = Number.parseInt(stored?.trim() ?? '', 10);
  return Number.isInteger(n) && n > 0 && n !== DEFAULT_TARGET_REVIEWS;
}

/**
 * The browser-wide celebration event (SPEC.md section 4, "Celebration" and "Live updates").
 * Live-update code dispatches it when a `celebration` event, or a `reviewAdded` event carrying the
 * celebration flag, arrives; every mounted <Celebration> island listens for it on window.
 */

import { firstNameAndInitial, NEUTRAL_AT_OR_BELOW } from '#shared/wallboard-rules.ts';

export const CELEBRATION_EVENT = 'review-challenge:celebration';

/** SPEC.md section 9: the overlay shows for 8 s; 16 fireworks, one every 500 ms, 16 particles each, 10 colours. */
export const CELEBRATION_DURATION_MS = 8000;
export const FIREWORK_COUNT = 16;
export const FIREWORK_INTERVAL_MS = 500;
export const PARTICLES_PER_FIREWORK = 16;
export const FIREWORK_COLOURS = ['#ff4d6d', '#ff9f1c', '#ffd60a', '#b8f35a', '#2ee6a6', '#3dd6f5', '#5b8cff', '#b388ff', '#ff70e0', '#fff3b0'] as const;

/** SPEC.md section 7: the static asset played as the success sound, and its volume. */
export const CELEBRATION_SOUND_URL = '/celebration.mov';
export const CELEBRATION_VOLUME = 0.8;

/** What a celebration may say about the review that caused it; every field is optional. */
export interface CelebrationDetail {
  reviewerName?: string;
  rating?: number;
  /** A review of 3 stars or fewer: honoured as the team's effort, with no stars and no name. */
  neutral?: true;
  /** The wallboard's hidden demo button: no review arrived, and the overlay says so. */
  demo?: true;
}

/** The headline of a neutral celebration (issue 13: effort, not stars; nothing a customer would mind on a screen). */
export const NEUTRAL_CELEBRATION_TEXT = 'New review collected';
/** The headline of the hidden demo button's celebration. */
export const DEMO_CELEBRATION_TEXT = 'Demo celebration';

/** Dispatches the celebration event on window (a no-op outside a browser). */
export function dispatchCelebration(detail?: unknown): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(CELEBRATION_EVENT, { detail }));
}

/**
 * Picks a usable reviewer name (trimmed, at most 60 characters) and a whole 1-5 rating out of an
 * event's detail, or out of a `review` object nested in it; anything else is ignored. A review of 3
 * stars or fewer gives a neutral celebration: neither its stars nor its reviewer's name. With
 * `names` false (the show_reviewer_names setting) no name is kept either.
 */
export function readCelebrationDetail(detail: unknown, { names = true }: { names?: boolean } = {}): CelebrationDetail {
  if (typeof detail !== 'object' || detail === null) return {};
  if ((detail as Record<string, unknown>).demo === true) return { demo: true };
  let source = detail as Record<string, unknown>;
  // A live event may nest the review that caused it; read that when the top level names nobody.
  const nested = source.review;
  if (source.reviewerName === undefined && typeof nested === 'object' && nested !== null) source = nested as Record<string, unknown>;
  const result: CelebrationDetail = {};
  const name = source.reviewerName;
  // Every screen names a reviewer by first name and initial (the show_reviewer_names setting's promise), whoever sent the name.
  const shown = names && typeof name === 'string' ? firstNameAndInitial(name) : null;
  if (shown) result.reviewerName = shown.slice(0, 60);
  const rating = typeof source.rating === 'string' ? Number(source.rating) : source.rating;
  if (typeof rating === 'number' && Number.isFinite(rating)) {
    const whole = Math.round(rating);
    if (whole >= 1 && whole <= NEUTRAL_AT_OR_BELOW) return { neutral: true };
    if (whole >= 1 && whole <= 5) result.rating = whole;
  }
  return result;
}

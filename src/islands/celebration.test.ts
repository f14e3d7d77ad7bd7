import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CELEBRATION_DURATION_MS,
  CELEBRATION_EVENT,
  CELEBRATION_SOUND_URL,
  CELEBRATION_VOLUME,
  FIREWORK_COLOURS,
  FIREWORK_COUNT,
  FIREWORK_INTERVAL_MS,
  PARTICLES_PER_FIREWORK,
  dispatchCelebration,
  readCelebrationDetail,
} from './celebration.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dispatchCelebration', () => {
  it('fires the browser-wide celebration event on window, passing its detail on', () => {
    const window = new EventTarget();
    vi.stubGlobal('window', window);
    const received: unknown[] = [];
    window.addEventListener(CELEBRATION_EVENT, (event) => received.push((event as CustomEvent).detail));

    dispatchCelebration({ reviewerName: 'Sam', rating: 5 });
    dispatchCelebration();

    expect(received).toEqual([{ reviewerName: 'Sam', rating: 5 }, null]);
  });

  it('does nothing where there is no window (server rendering)', () => {
    vi.stubGlobal('window', undefined);
    expect(() => dispatchCelebration({ reviewerName: 'Sam' })).not.toThrow();
  });
});

describe('readCelebrationDetail', () => {
  it('reads the reviewer name and rating', () => {
    expect(readCelebrationDetail({ reviewerName: ' Sam ', rating: 5, other: true })).toEqual({ reviewerName: 'Sam', rating: 5 });
  });

  it('names the reviewer by first name and initial, as every screen does, whoever sent the full name (issue 33)', () => {
    expect(readCelebrationDetail({ reviewerName: 'John Carter', rating: 5 })).toEqual({ reviewerName: 'John C.', rating: 5 });
    expect(readCelebrationDetail({ review: { reviewerName: 'Ana María López', rating: 4 } })).toEqual({ reviewerName: 'Ana L.', rating: 4 });
  });

  it('reads them from a nested review and accepts a numeric string rating', () => {
    expect(readCelebrationDetail({ celebration: true, review: { reviewerName: 'Ana', rating: '4' } })).toEqual({ reviewerName: 'Ana', rating: 4 });
  });

  it('celebrates a review of 3 stars or fewer neutrally: no stars, no name', () => {
    expect(readCelebrationDetail({ reviewerName: 'Sam', rating: 2 })).toEqual({ neutral: true });
    expect(readCelebrationDetail({ review: { reviewerName: 'Ana', rating: '3' } })).toEqual({ neutral: true });
    expect(readCelebrationDetail({ reviewerName: 'Ana', rating: 3.6 })).toEqual({ reviewerName: 'Ana', rating: 4 });
  });

  it('keeps no name where reviewer names are hidden (show_reviewer_names false)', () => {
    expect(readCelebrationDetail({ reviewerName: 'Sam Lee', rating: 5 }, { names: false })).toEqual({ rating: 5 });
    expect(readCelebrationDetail({ review: { reviewerName: 'Ana', rating: 2 } }, { names: false })).toEqual({ neutral: true });
  });

  it("marks the demo button's celebration as a demo, whatever else it carries", () => {
    expect(readCelebrationDetail({ demo: true })).toEqual({ demo: true });
    expect(readCelebrationDetail({ demo: true, reviewerName: 'Sam', rating: 5 })).toEqual({ demo: true });
    expect(readCelebrationDetail({ demo: 'yes', rating: 5 })).toEqual({ rating: 5 });
  });

  it('leaves out what is missing or unusable', () => {
    expect(readCelebrationDetail(undefined)).toEqual({});
    expect(readCelebrationDetail('Sam')).toEqual({});
    expect(readCelebrationDetail({ reviewerName: '   ', rating: 0 })).toEqual({});
    expect(readCelebrationDetail({ reviewerName: 42, rating: 6 })).toEqual({});
    expect(readCelebrationDetail({ rating: Number.NaN })).toEqual({});
    expect(readCelebrationDetail({ reviewerName: 'x'.repeat(100) }).reviewerName).toHaveLength(60);
  });
});

it('uses the celebration constants of SPEC.md sections 7 and 9', () => {
  expect(CELEBRATION_DURATION_MS).toBe(8000);
  expect(FIREWORK_COUNT).toBe(16);
  expect(FIREWORK_INTERVAL_MS).toBe(500);
  expect(PARTICLES_PER_FIREWORK).toBe(16);
  expect(new Set(FIREWORK_COLOURS).size).toBe(10);
  expect(FIREWORK_COLOURS.every((colour) => /^#[0-9a-f]{6}$/.test(colour))).toBe(true);
  expect(CELEBRATION_SOUND_URL).toBe('/celebration.mov');
  expect(CELEBRATION_VOLUME).toBe(0.8);
});

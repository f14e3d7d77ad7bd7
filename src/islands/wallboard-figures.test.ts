import { describe, expect, it } from 'vitest';
import { progressColor, progressPercent, ratingLabel } from './wallboard-figures.ts';

describe('wallboard figures', () => {
  it('caps progress at 100 percent', () => {
    expect(progressPercent(0, 120)).toBe(0);
    expect(progressPercent(60, 120)).toBe(50);
    expect(progressPercent(500, 120)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });

  it('colours progress red, yellow and green at 33 and 66', () => {
    expect(progressColor(32)).toBe('bg-red-500');
    expect(progressColor(33)).toBe('bg-amber-400');
    expect(progressColor(65)).toBe('bg-amber-400');
    expect(progressColor(66)).toBe('bg-emerald-500');
  });

  it('shows the stored rating divided by ten with one decimal', () => {
    expect(ratingLabel(47)).toBe('4.7');
    expect(ratingLabel(50)).toBe('5.0');
    expect(ratingLabel(0)).toBe('0.0');
  });
});

import { describe, expect, it } from 'vitest';
import { panelAfter, panelsToShow, shownPanel } from './panels.ts';

describe('wallboard panel rotation', () => {
  it("goes through the admin's panels in their order, then round again", () => {
    const panels = ['teams', 'people', 'latest'] as const;
    expect(panelAfter(panels, 'teams')).toBe('people');
    expect(panelAfter(panels, 'people')).toBe('latest');
    expect(panelAfter(panels, 'latest')).toBe('teams');
  });

  it('keeps a single panel fixed', () => {
    expect(panelAfter(['week'], 'week')).toBe('week');
    expect(shownPanel(['week'], null)).toBe('week');
  });

  it('starts from the first panel, and again from it when the shown one is taken off the list', () => {
    expect(shownPanel(['people', 'teams'], null)).toBe('people');
    expect(shownPanel(['people', 'teams'], 'latest')).toBe('people');
    expect(panelAfter(['people', 'teams'], 'latest')).toBe('teams');
    expect(shownPanel([], null)).toBe('teams');
  });
});

describe('the "Scan to review" panel', () => {
  it('takes its turn only once a card is printed, unless it is the only panel (which then says none is)', () => {
    expect(panelsToShow(['teams', 'desk-cards'], 0)).toEqual(['teams']);
    expect(panelsToShow(['teams', 'desk-cards'], 2)).toEqual(['teams', 'desk-cards']);
    expect(panelsToShow(['desk-cards'], 0)).toEqual(['desk-cards']);
  });
});

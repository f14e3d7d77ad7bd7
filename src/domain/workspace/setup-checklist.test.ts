import { describe, expect, it } from 'vitest';
import { checklistOf, type SetupState, setupChecklistAnswer } from './setup-checklist.ts';

const fresh: SetupState = {
  teams: 0,
  targetSet: false,
  googleReviewLink: false,
  googleConnected: false,
  activeTemplates: 0,
  smtpConfigured: false,
  copyLinkMode: false,
  tvLinks: 0,
  reviews: 0,
};

const doneIds = (state: SetupState) =>
  checklistOf(state)
    .steps.filter((s) => s.done)
    .map((s) => s.id);

describe('checklistOf', () => {
  it('has nothing done for a new workspace', () => {
    expect(checklistOf(fresh)).toMatchObject({ done: 0, complete: false });
    expect(checklistOf(fresh).steps.map((s) => s.id)).toEqual(['teams', 'target', 'review_link', 'email_template', 'email_delivery', 'tv_link', 'test_review']);
  });

  it('ticks each step from the stored state', () => {
    expect(doneIds({ ...fresh, teams: 1 })).toEqual(['teams']);
    expect(doneIds({ ...fresh, targetSet: true })).toEqual(['target']);
    expect(doneIds({ ...fresh, googleReviewLink: true })).toEqual(['review_link']);
    expect(doneIds({ ...fresh, googleConnected: true })).toEqual(['review_link']);
    expect(doneIds({ ...fresh, activeTemplates: 1 })).toEqual(['email_template']);
    expect(doneIds({ ...fresh, smtpConfigured: true })).toEqual(['email_delivery']);
    expect(doneIds({ ...fresh, copyLinkMode: true })).toEqual(['email_delivery']);
    expect(doneIds({ ...fresh, tvLinks: 2 })).toEqual(['tv_link']);
    expect(doneIds({ ...fresh, reviews: 1 })).toEqual(['test_review']);
  });

  it('is complete when every step is done', () => {
    const all = {
      teams: 2,
      targetSet: true,
      googleReviewLink: true,
      googleConnected: false,
      activeTemplates: 1,
      smtpConfigured: false,
      copyLinkMode: true,
      tvLinks: 1,
      reviews: 3,
    };
    expect(checklistOf(all)).toMatchObject({ done: 7, complete: true });
    expect(checklistOf({ ...all, targetSet: false })).toMatchObject({ done: 6, complete: false });
  });

  it('answers with a target suggested from the teams (issue 33, item 9)', () => {
    expect(setupChecklistAnswer({ ...fresh, teams: 3 })).toMatchObject({ suggestedTarget: 90, emailConfigured: false, done: 1 });
    expect(setupChecklistAnswer({ ...fresh, smtpConfigured: true })).toMatchObject({ suggestedTarget: 30, emailConfigured: true });
  });
});

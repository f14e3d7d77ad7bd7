import { describe, expect, it } from 'vitest';
import type { EmailTemplate } from '#domain/requests/templates.ts';
import { changesOf, createBody, draftOf, draftProblems, EMPTY_DRAFT } from './template-draft.ts';

const stored: EmailTemplate = {
  id: 3,
  name: 'Thanks',
  subject: 'Thanks {firstName}',
  htmlContent: '<p>Hi</p>',
  phoneScript: null,
  timingTip: null,
  smsBody: null,
  isActive: true,
};

describe('a template’s text message in the editor', () => {
  it('is sent with a new template, empty as null', () => {
    const draft = { ...EMPTY_DRAFT, name: 'A', subject: 'B', htmlContent: '<p>C</p>' };
    expect(createBody(draft).smsBody).toBeNull();
    expect(createBody({ ...draft, smsBody: ' Hi {firstName}: {review_link} ' }).smsBody).toBe('Hi {firstName}: {review_link}');
  });

  it('is sent when changed, and only then', () => {
    expect(changesOf(stored, draftOf(stored))).toEqual({});
    expect(changesOf(stored, { ...draftOf(stored), smsBody: 'Review us: {review_link}' })).toEqual({ smsBody: 'Review us: {review_link}' });
    expect(changesOf({ ...stored, smsBody: 'Old {review_link}' }, { ...draftOf(stored), smsBody: '' })).toEqual({ smsBody: null });
  });

  it('needs {review_link}, as the server does', () => {
    expect(draftProblems({ ...draftOf(stored), smsBody: 'Hi {firstName}' }).smsBody).toBe('Text message must hold {review_link}, where the review link goes');
    expect(draftProblems({ ...draftOf(stored), smsBody: '' }).smsBody).toBeUndefined();
  });
});

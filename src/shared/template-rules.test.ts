import { describe, expect, it } from 'vitest';
import {
  canCreateTemplate,
  oneLine,
  TEMPLATE_LIMIT,
  TEMPLATE_LIMIT_MESSAGE,
  templateHtmlProblem,
  templateNameProblem,
  templatePhoneScriptProblem,
  templatePreview,
  templateSubjectProblem,
} from './template-rules.ts';
import { templateCreatePayload, templateUpdatePayload } from '#contracts/template-payloads.ts';

describe('template rules', () => {
  it('allows 3 templates and says so in the agreed words', () => {
    expect(TEMPLATE_LIMIT).toBe(3);
    expect(TEMPLATE_LIMIT_MESSAGE).toBe('You can have at most 3 email templates');
  });

  it('enables create only when name, subject and body are all set', () => {
    const full = { name: 'A', subject: 'B', htmlContent: '<p>C</p>' };
    expect(canCreateTemplate(full)).toBe(true);
    for (const field of ['name', 'subject', 'htmlContent'] as const) expect(canCreateTemplate({ ...full, [field]: '  ' })).toBe(false);
  });

  it('names the field that is missing or too long', () => {
    expect(templateNameProblem(' ')).toBe('Template name is required');
    expect(templateNameProblem('x'.repeat(100))).toBeUndefined();
    expect(templateNameProblem('x'.repeat(101))).toBe('Template name must be at most 100 characters');
    expect(templateSubjectProblem('\n')).toBe('Subject is required');
    expect(templateSubjectProblem('x'.repeat(201))).toBe('Subject must be at most 200 characters');
    expect(templateHtmlProblem('')).toBe('Email body is required');
    expect(templateHtmlProblem('x'.repeat(50_001))).toBe('Email body must be at most 50,000 characters');
    expect(templatePhoneScriptProblem('')).toBeUndefined();
    expect(templatePhoneScriptProblem('x'.repeat(5_001))).toBe('Phone script must be at most 5,000 characters');
  });

  it('keeps name and subject on one line', () => {
    expect(oneLine(' Thanks\r\n{firstName}\n ')).toBe('Thanks {firstName}');
  });

  it('previews the first 200 characters of the HTML', () => {
    expect(templatePreview('<p>short</p>')).toBe('<p>short</p>');
    const long = `<p>${'x'.repeat(300)}</p>`;
    expect(templatePreview(long)).toBe(`${long.slice(0, 200)}...`);
  });
});

describe('template payloads', () => {
  it('fills the defaults of a create', () => {
    expect(templateCreatePayload.parse({ name: ' A ', subject: 'B', htmlContent: '<p>C</p>' })).toEqual({
      name: 'A',
      subject: 'B',
      htmlContent: '<p>C</p>',
      phoneScript: null,
      timingTip: null,
      smsBody: null,
      isActive: true,
    });
  });

  it('takes a text message only with {review_link} in it', () => {
    expect(templateCreatePayload.safeParse({ name: 'A', subject: 'B', htmlContent: '<p>C</p>', smsBody: 'Hi {firstName}' }).error?.issues[0]?.message).toBe(
      'Text message must hold {review_link}, where the review link goes',
    );
    expect(templateUpdatePayload.parse({ smsBody: ' Hi {firstName}: {review_link} ' })).toEqual({ smsBody: 'Hi {firstName}: {review_link}' });
    expect(templateUpdatePayload.parse({ smsBody: ' ' })).toEqual({ smsBody: null });
  });

  it('tells an update that clears the phone script from one that leaves it alone', () => {
    expect(templateUpdatePayload.parse({ phoneScript: null })).toEqual({ phoneScript: null });
    expect(templateUpdatePayload.parse({ phoneScript: '  ' })).toEqual({ phoneScript: null });
    expect(templateUpdatePayload.parse({ isActive: false })).toEqual({ isActive: false });
    expect(templateUpdatePayload.parse({ timingTip: '  Same day  ' })).toEqual({ timingTip: 'Same day' });
    expect(templateUpdatePayload.parse({ timingTip: '' })).toEqual({ timingTip: null });
    expect(templateUpdatePayload.safeParse({ timingTip: 'x'.repeat(501) }).error?.issues[0]?.message).toBe('Best time to ask must be at most 500 characters');
    expect(templateUpdatePayload.safeParse({ timingTip: 5 }).error?.issues[0]?.message).toBe('Best time to ask must be text');
    expect(templateUpdatePayload.safeParse({}).success).toBe(false);
    expect(templateUpdatePayload.safeParse({ unknown: 1 }).success).toBe(false);
  });
});

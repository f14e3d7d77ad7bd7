import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS } from './placeholders.ts';
import { READY_TEMPLATES, readyTemplateBody, readyTemplatesToOffer } from './ready-templates.ts';
import {
  TEMPLATE_LIMIT,
  templateHtmlProblem,
  templateNameProblem,
  templatePhoneScriptProblem,
  templateSubjectProblem,
  templateTimingTipProblem,
} from './template-rules.ts';

describe('the ready-made email templates (issue 33, item 5)', () => {
  it('are three, friendly, short and after an appointment, each with a phone script and a timing cue', () => {
    expect(READY_TEMPLATES.map((t) => t.key)).toEqual(['friendly', 'short', 'appointment']);
    expect(READY_TEMPLATES.length).toBe(TEMPLATE_LIMIT);
    for (const template of READY_TEMPLATES) {
      expect(templateNameProblem(template.name)).toBeUndefined();
      expect(templateSubjectProblem(template.subject)).toBeUndefined();
      expect(templateHtmlProblem(template.htmlContent)).toBeUndefined();
      expect(templatePhoneScriptProblem(template.phoneScript)).toBeUndefined();
      expect(templateTimingTipProblem(template.timingTip)).toBeUndefined();
      expect(template.phoneScript).toContain('{firstName}');
      // Only the placeholders SPEC.md names.
      for (const found of `${template.subject}${template.htmlContent}${template.phoneScript}`.match(/\{\w+\}/g) ?? []) {
        expect(PLACEHOLDERS).toContain(found);
      }
    }
  });

  it('are offered until a template of the same name exists', () => {
    expect(readyTemplatesToOffer([]).length).toBe(3);
    expect(readyTemplatesToOffer(['Thank you']).length).toBe(3);
    expect(readyTemplatesToOffer([' short and SIMPLE ', 'After an appointment']).map((t) => t.key)).toEqual(['friendly']);
  });

  it('are added as active templates with their script and tip', () => {
    expect(readyTemplateBody(READY_TEMPLATES[1]!)).toEqual({
      name: 'Short and simple',
      subject: 'A quick favour, {firstName}?',
      htmlContent: READY_TEMPLATES[1]!.htmlContent,
      phoneScript: READY_TEMPLATES[1]!.phoneScript,
      timingTip: READY_TEMPLATES[1]!.timingTip,
      isActive: true,
    });
  });
});

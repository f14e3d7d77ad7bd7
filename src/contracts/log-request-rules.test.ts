import { describe, expect, it } from 'vitest';
import { logRequestPayload, privateFeedbackPayload } from './payloads.ts';
import { logRequestFormErrors, type LogRequestForm } from '#shared/rules.ts';

const valid: LogRequestForm = {
  staffFirstName: 'Tom',
  staffEmail: 'tom@harbourside.example',
  teamId: '3',
  email: 'sarah@example.test',
  firstName: 'Sarah',
  lastName: 'Kim',
  templateId: '7',
  phone: '',
  channel: 'email',
};

describe('logRequestFormErrors', () => {
  it('accepts a complete form', () => {
    expect(logRequestFormErrors(valid)).toEqual({});
  });

  it('gives the SPEC.md section 5 message for each empty field', () => {
    const empty = { ...(Object.fromEntries(Object.keys(valid).map((k) => [k, ' '])) as unknown as LogRequestForm), channel: 'email' as const };
    expect(logRequestFormErrors(empty)).toEqual({
      staffFirstName: 'Staff first name is required',
      staffEmail: 'Staff email is required',
      teamId: 'Team selection is required',
      email: 'Customer email is required',
      firstName: 'Customer first name is required',
      lastName: 'Customer last name is required',
      templateId: 'Template selection is required',
    });
  });

  it('asks for a mobile number instead of an email when the request goes by text, and for both when both', () => {
    expect(logRequestFormErrors({ ...valid, channel: 'sms', email: '' })).toEqual({ phone: 'Customer mobile number is required to send a text' });
    expect(logRequestFormErrors({ ...valid, channel: 'sms', email: '', phone: '0412 345 678' })).toEqual({});
    expect(logRequestFormErrors({ ...valid, channel: 'both', email: '' })).toMatchObject({
      email: 'Customer email is required',
      phone: 'Customer mobile number is required to send a text',
    });
  });

  it('checks both email addresses', () => {
    expect(logRequestFormErrors({ ...valid, staffEmail: 'tom', email: 'sarah@' })).toEqual({
      staffEmail: 'Please enter a valid email address',
      email: 'Please enter a valid email address',
    });
  });

  it('treats a non-numeric or zero choice as no choice', () => {
    expect(logRequestFormErrors({ ...valid, teamId: '0', templateId: 'abc' })).toEqual({
      teamId: 'Team selection is required',
      templateId: 'Template selection is required',
    });
  });
});

describe('logRequestPayload', () => {
  const body = { ...valid, teamId: 3, templateId: '7', customEmailSubject: 'Hi\r\nthere', customEmailContent: '<p>x</p>' };

  it('takes numbers or numeric strings for the ids and trims the text', () => {
    const parsed = logRequestPayload.parse({ ...body, firstName: '  Sarah ' });
    expect(parsed).toMatchObject({ teamId: 3, templateId: 7, firstName: 'Sarah', customEmailSubject: 'Hi there' });
  });

  it('defaults the custom subject and content to empty', () => {
    const { customEmailSubject: _s, customEmailContent: _c, ...rest } = body;
    expect(logRequestPayload.parse({ ...rest, customEmailSubject: null })).toMatchObject({ customEmailSubject: '', customEmailContent: '' });
  });

  it.each([
    [{ staffFirstName: undefined }, 'Staff first name is required'],
    [{ teamId: null }, 'Team selection is required'],
    [{ teamId: 1.5 }, 'Team selection is required'],
    [{ templateId: -1 }, 'Template selection is required'],
    [{ email: 42 }, 'Customer email is required'],
    [{ customEmailSubject: 'x'.repeat(201) }, 'The email subject must be at most 200 characters'],
    [{ customEmailContent: 'x'.repeat(100_001) }, 'The email content is too long'],
  ])('%j -> %s', (change, message) => {
    const result = logRequestPayload.safeParse({ ...body, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

it('privateFeedbackPayload needs 1 to 5000 characters', () => {
  expect(privateFeedbackPayload.parse({ message: ' Great ' })).toEqual({ message: 'Great' });
  expect(privateFeedbackPayload.safeParse({ message: '  ' }).error?.issues[0]?.message).toBe('Please write your feedback before sending');
  expect(privateFeedbackPayload.safeParse({ message: 'x'.repeat(5001) }).error?.issues[0]?.message).toBe('Your feedback must be at most 5000 characters');
});

import { describe, expect, it } from 'vitest';
import { emailNotSent, LOGGED_NOT_SENT_TITLE, loggedToast } from './log-request-form.ts';

const when = (iso: string) => iso;
const request = { customerName: 'Sarah Kim', reviewLink: 'http://localhost/r/abc' };

describe('the toast once a request is logged (issue 33, item 1)', () => {
  it('says the email was not sent when the workspace sends no email, or the mail server refused it for good', () => {
    for (const status of ['not sent: no SMTP', 'failed']) {
      expect(emailNotSent(status)).toBe(true);
      expect(loggedToast({ ...request, emailStatus: status }, when)).toEqual({ title: 'Logged: email not sent, copy the link below', variant: 'warning' });
    }
    expect(LOGGED_NOT_SENT_TITLE).toBe('Logged: email not sent, copy the link below');
  });

  it("keeps SPEC.md's Success when the email went, or is queued or retried by a configured mail server", () => {
    for (const status of ['sent', 'pending', 'retrying', undefined]) {
      expect(emailNotSent(status)).toBe(false);
      expect(loggedToast({ ...request, emailStatus: status }, when)).toEqual({
        title: 'Success',
        description: 'Review request logged successfully',
        variant: 'success',
      });
    }
  });

  it('says when a text held by quiet hours goes, either way', () => {
    expect(loggedToast({ ...request, emailStatus: 'sent', smsScheduledFor: 'T8' }, when).description).toBe(
      'Review request logged successfully. The text goes at T8, after quiet hours.',
    );
    expect(loggedToast({ ...request, emailStatus: 'not sent: no SMTP', smsScheduledFor: 'T8' }, when)).toEqual({
      title: LOGGED_NOT_SENT_TITLE,
      description: 'The text goes at T8, after quiet hours.',
      variant: 'warning',
    });
  });
});

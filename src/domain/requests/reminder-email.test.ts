import { describe, expect, it } from 'vitest';
import { composeReminderEmail } from './reminder-email.ts';

describe('the reminder email', () => {
  it('comes from the business, replies to the staff member and carries the same review link', () => {
    const email = composeReminderEmail({
      businessName: 'Tom & Co',
      customerFirstName: 'Sarah <b>',
      staffFirstName: 'Tom',
      staffEmail: 'tom@example.test',
      customerEmail: 'sarah@example.test',
      reviewUrl: 'https://app.example/r/abc123',
      unsubscribeUrl: 'https://app.example/r/abc123/unsubscribe',
    });
    expect(email).toMatchObject({ to: 'sarah@example.test', fromName: 'Tom & Co', replyTo: 'tom@example.test', subject: 'A reminder from Tom & Co' });
    expect(email.html).toContain('<p>Hi Sarah &lt;b&gt;,</p>');
    expect(email.html).toContain('Tom from Tom &amp; Co asked you recently');
    expect(email.html).toContain('href="https://app.example/r/abc123"');
    expect(email.text).toContain('Leave a review: https://app.example/r/abc123');
    expect(email.html).toContain('href="https://app.example/r/abc123/unsubscribe"');
  });
});

import { expect, it } from 'vitest';
import { composePasswordResetEmail, resetLinkUrl } from './password-reset-email.ts';

it('resetLinkUrl joins PUBLIC_URL and the token', () => {
  expect(resetLinkUrl('https://app.example/', 'a_b-C')).toBe('https://app.example/reset-password?token=a_b-C');
});

it('addresses the admin from the product, with the link as a button and written out, and the business name escaped', () => {
  const mail = composePasswordResetEmail({
    to: 'owner@acme.example',
    fromAddress: 'no-reply@app.example',
    businessName: 'Smith & <Co>',
    dashboardUrl: 'https://app.example/smith',
    resetUrl: 'https://app.example/reset-password?token=tok',
    validForMinutes: 60,
  });
  expect(mail).toMatchObject({
    to: 'owner@acme.example',
    from: { name: 'Review Challenge', address: 'no-reply@app.example' },
    subject: 'Reset your Review Challenge passwords',
  });
  expect(mail.html).toContain('href="https://app.example/reset-password?token=tok"');
  expect(mail.html).toContain('Smith &amp; &lt;Co&gt;');
  expect(mail.html).not.toContain('<Co>');
  expect(mail.text).toContain('Choose new passwords: https://app.example/reset-password?token=tok');
  expect(mail.text).toContain('for 60 minutes');
  expect(mail.text).toContain('(https://app.example/smith)');
});

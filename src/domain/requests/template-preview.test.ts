import { describe, expect, it } from 'vitest';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { READY_TEMPLATES } from '#shared/ready-templates.ts';
import { previewTemplateEmail } from './template-preview.ts';

const workspace: Workspace = {
  id: 1,
  slug: 'harbourside',
  businessName: 'Harbourside <Dental>',
  adminEmail: 'owner@example.com',
  plan: 'team',
  createdAt: new Date(),
  trialEndsAt: null,
};

describe('an email template previewed as the customer gets it (issue 33, item 5)', () => {
  it('fills the placeholders with sample names and the business, escaped, inside the email with its button', () => {
    const result = previewTemplateEmail(workspace, READY_TEMPLATES[0]!, 'https://reviews.example/');
    if (!result.ok) throw new Error(result.problem);
    expect(result.preview.subject).toBe('Thank you for choosing Harbourside <Dental>, Sarah');
    expect(result.preview.fromName).toBe('Harbourside <Dental>');
    expect(result.preview.html).toContain('<p>Hi Sarah,</p>');
    expect(result.preview.html).toContain('Alex at Harbourside &lt;Dental&gt;');
    expect(result.preview.html).not.toContain('{firstName}');
    expect(result.preview.html).toContain('>Leave a review<');
    expect(result.preview.html).toContain('href="https://reviews.example/r/sample"');
    // Links in the preview would open a window, which the card's sandboxed frame refuses.
    expect(result.preview.html).toMatch(/<head>\s*<base target="_blank">/);
  });

  it('shows what the store would keep: no script, no handler', () => {
    const result = previewTemplateEmail(
      workspace,
      { subject: 'Hi', htmlContent: '<p onclick="alert(1)">Hi {firstName}<script>alert(2)</script><img src=x onerror=alert(3)></p>' },
      'https://reviews.example',
    );
    if (!result.ok) throw new Error(result.problem);
    expect(result.preview.html).toContain('<p>Hi Sarah</p>');
    expect(result.preview.html).not.toMatch(/onclick|onerror|<script|alert/);
  });

  it('refuses a body with nothing left once unsafe markup is removed', () => {
    expect(previewTemplateEmail(workspace, { subject: 'Hi', htmlContent: '<script>alert(1)</script>' }, 'https://reviews.example')).toEqual({
      ok: false,
      problem: 'empty_html',
    });
  });
});
